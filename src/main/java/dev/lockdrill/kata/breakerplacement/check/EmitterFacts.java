package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.PerHistory;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.HeldSleep;
import dev.lockdrill.kata.breakerplacement.protocol.Outage;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads an emitter history: per scenario, the emits, the outages and the harness breakers' configuration. */
record EmitterFacts(History history) {

    List<String> scenarios() {
        return history.ops(EmitterOp.EMIT).stream().map(Op::scenario).distinct().toList();
    }

    /**
     * Each scenario's ops and emits, read once per history: every invariant asks for them, scenario by
     * scenario, and reading them per invariant made the verdict wait.
     */
    private record Index(Map<String, List<Op>> ops, Map<String, List<EmitRecord>> emits) {
        static Index of(History history) {
            Map<String, List<Op>> ops = new HashMap<>();
            for (Op op : history.ops()) {
                ops.computeIfAbsent(op.scenario(), s -> new ArrayList<>()).add(op);
            }
            ops.replaceAll((scenario, list) -> List.copyOf(list));
            // a scenario's emits are read when first asked for (one thread judges a history)
            return new Index(Collections.unmodifiableMap(ops), new HashMap<>());
        }

        List<EmitRecord> emits(String scenario) {
            return emits.computeIfAbsent(scenario, s -> EmitRecord.of(ops.getOrDefault(s, List.of())));
        }
    }

    private static final PerHistory<Index> INDEX = new PerHistory<>(Index::of);

    List<Op> ops(String scenario) {
        return INDEX.of(history).ops().getOrDefault(scenario, List.of());
    }

    List<Op> ops(String scenario, EmitterOp type) {
        return ops(scenario).stream().filter(op -> op.is(type)).toList();
    }

    /** The scenario's emits, each with the ops that carry its number, in the order they happened. */
    List<EmitRecord> emits(String scenario) {
        return INDEX.of(history).emits(scenario);
    }

    List<HeldSleep> heldSleeps() {
        return history.observations(EmitterObservation.HELD_SLEEP.label()).stream()
                .flatMap(o -> o.rows().stream().map(HeldSleep::of)).toList();
    }

    List<ScenarioOutage> outages() {
        return history.observations(EmitterObservation.OUTAGE.label()).stream()
                .flatMap(o -> o.rows().stream().map(row -> new ScenarioOutage(o.scenario(), Outage.of(row))))
                .toList();
    }

    BreakerSettings breakerConfig() {
        return BreakerSettings.of(history.observations(EmitterObservation.BREAKER_CONFIG.label()).stream()
                .map(Observation::rows).filter(r -> !r.isEmpty()).map(r -> r.get(0)).findFirst().orElse(Map.of()));
    }

    /** A fault window of one scenario. */
    record ScenarioOutage(String scenario, Outage outage) {
        Set<String> keys() {
            return outage.keys();
        }

        long from() {
            return outage.fromTick();
        }

        long to() {
            return outage.toTick();
        }

        String description() {
            return outage.description();
        }

        boolean during(Op op) {
            return outage.during(Stamp.of(op).tick());
        }
    }
}
