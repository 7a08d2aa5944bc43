package dev.lockdrill.history;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** Everything a run recorded: operations, injected faults and ground-truth observations. */
public record History(long seed, List<Op> ops, List<FaultEvent> faults, List<Observation> observations) {

    public History {
        ops = List.copyOf(ops);
        faults = List.copyOf(faults);
        observations = List.copyOf(observations);
    }

    public List<Op> ops(Predicate<Op> filter) {
        return ops.stream().filter(filter).toList();
    }

    public List<Op> ops(String function) {
        return ops(op -> op.is(function));
    }

    public List<Op> ops(OpType type) {
        return ops(op -> op.is(type));
    }

    public Optional<Op> op(long id) {
        return ops.stream().filter(op -> op.id() == id).findFirst();
    }

    public List<Observation> observations(String name) {
        return observations.stream().filter(o -> o.name().equals(name)).toList();
    }

    public List<FaultEvent> faults(String scenario) {
        return faults.stream().filter(f -> f.scenario().equals(scenario)).toList();
    }

    /** The part of the history recorded in the scenarios {@code scenario} accepts. */
    public History scenarios(Predicate<String> scenario) {
        return new History(seed, ops(op -> scenario.test(op.scenario())),
                faults.stream().filter(f -> scenario.test(f.scenario())).toList(),
                observations.stream().filter(o -> scenario.test(o.scenario())).toList());
    }
}
