package dev.lockdrill.report;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One scenario of a history laid out as swimlanes: a lane per worker with its operations and the
 * faults that hit it, and, for each operation a failing invariant's evidence names, those invariants.
 * Works for any kata: it only reads workers, scenarios, times, faults and evidence op ids.
 */
public record Timeline(String scenario, long startNanos, long endNanos, List<Lane> lanes,
                       Map<Long, List<String>> violations) {

    /** The operations and faults of one worker, in time order. */
    public record Lane(String worker, List<Op> ops, List<FaultEvent> faults) {
        public Lane {
            ops = List.copyOf(ops);
            faults = List.copyOf(faults);
        }
    }

    public Timeline {
        lanes = List.copyOf(lanes);
        violations = Map.copyOf(violations);
    }

    /** Every scenario of the history, in the order they ran. */
    public static List<Timeline> of(History history, List<InvariantResult> invariants) {
        Map<Long, List<String>> violations = violations(invariants);
        Set<String> scenarios = new LinkedHashSet<>();
        history.ops().forEach(op -> scenarios.add(op.scenario()));
        history.faults().forEach(f -> scenarios.add(f.scenario()));
        List<Timeline> timelines = new ArrayList<>();
        for (String scenario : scenarios) {
            timelines.add(scenario(history, scenario, violations));
        }
        return timelines;
    }

    /** The scenario of the earliest operation a failing invariant's evidence names, if any. */
    public static Optional<Timeline> firstFailing(History history, List<InvariantResult> invariants) {
        Map<Long, List<String>> violations = violations(invariants);
        return history.ops().stream().filter(op -> violations.containsKey(op.id())).findFirst()
                .map(op -> scenario(history, op.scenario(), violations));
    }

    /**
     * The scenario that teaches: the one of the first violation the report prints (the first failing
     * invariant's first evidence that names an operation), else the kata's lesson scenario when the
     * run has it, else none.
     */
    public static Optional<Timeline> teaching(History history, List<InvariantResult> invariants, String lesson) {
        Map<Long, List<String>> violations = violations(invariants);
        Map<Long, Op> byId = new LinkedHashMap<>();
        history.ops().forEach(op -> byId.put(op.id(), op));
        for (InvariantResult result : invariants) {
            if (result.passed()) {
                continue;
            }
            for (Evidence evidence : result.evidence()) {
                for (Long id : evidence.opIds()) {
                    Op op = byId.get(id);
                    if (op != null) {
                        return Optional.of(scenario(history, op.scenario(), violations));
                    }
                }
            }
        }
        boolean ran = lesson != null && history.ops().stream().anyMatch(op -> op.scenario().equals(lesson));
        return ran && invariants.stream().anyMatch(r -> !r.passed())
                ? Optional.of(scenario(history, lesson, violations)) : Optional.empty();
    }

    public boolean violates(Op op) {
        return violations.containsKey(op.id());
    }

    public List<String> violatedBy(Op op) {
        return violations.getOrDefault(op.id(), List.of());
    }

    public long duration() {
        return Math.max(1, endNanos - startNanos);
    }

    /** Operations and faults of every lane, by start time: what the event list shows. */
    public List<Op> ops() {
        return lanes.stream().flatMap(l -> l.ops().stream()).sorted(Comparator.comparingLong(Op::invokeNanos))
                .toList();
    }

    public List<FaultEvent> faults() {
        return lanes.stream().flatMap(l -> l.faults().stream())
                .sorted(Comparator.comparingLong(FaultEvent::startNanos)).toList();
    }

    private static Timeline scenario(History history, String scenario, Map<Long, List<String>> violations) {
        List<Op> ops = history.ops(op -> op.scenario().equals(scenario));
        List<FaultEvent> faults = history.faults(scenario);
        Map<String, List<Op>> byWorker = new LinkedHashMap<>();
        Map<String, List<FaultEvent>> faultsByWorker = new LinkedHashMap<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Op op : ops) {
            byWorker.computeIfAbsent(op.worker(), w -> new ArrayList<>()).add(op);
            start = Math.min(start, op.invokeNanos());
            end = Math.max(end, Math.max(op.invokeNanos(), op.completeNanos()));
        }
        for (FaultEvent fault : faults) {
            byWorker.computeIfAbsent(fault.target(), w -> new ArrayList<>());
            faultsByWorker.computeIfAbsent(fault.target(), w -> new ArrayList<>()).add(fault);
            start = Math.min(start, fault.startNanos());
            end = Math.max(end, Math.max(fault.startNanos(), fault.endNanos()));
        }
        List<Lane> lanes = new ArrayList<>();
        for (String worker : byWorker.keySet().stream().sorted(WorkerOrder.NATURAL).toList()) {
            List<Op> laneOps = new ArrayList<>(byWorker.get(worker));
            laneOps.sort(Comparator.comparingLong(Op::invokeNanos));
            List<FaultEvent> laneFaults = new ArrayList<>(faultsByWorker.getOrDefault(worker, List.of()));
            laneFaults.sort(Comparator.comparingLong(FaultEvent::startNanos));
            lanes.add(new Lane(worker, laneOps, laneFaults));
        }
        if (start == Long.MAX_VALUE) {
            start = 0;
            end = 1;
        }
        return new Timeline(scenario, start, Math.max(end, start + 1), lanes, violations);
    }

    private static Map<Long, List<String>> violations(List<InvariantResult> invariants) {
        Map<Long, List<String>> violations = new LinkedHashMap<>();
        for (InvariantResult result : invariants) {
            if (result.passed()) {
                continue;
            }
            for (Evidence evidence : result.evidence()) {
                for (Long id : evidence.opIds()) {
                    List<String> names = violations.computeIfAbsent(id, k -> new ArrayList<>());
                    if (!names.contains(result.name())) {
                        names.add(result.name());
                    }
                }
            }
        }
        violations.replaceAll((id, names) -> List.copyOf(names));
        return violations;
    }
}
