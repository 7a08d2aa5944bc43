package dev.lockdrill.testing;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-written histories for checker tests. Times are in milliseconds for readability. */
public final class HistoryBuilder {
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final Map<String, List<Map<String, Object>>> observations = new LinkedHashMap<>();
    private String scenario = "test";
    private long nextId = 1;

    public HistoryBuilder scenario(String name) {
        this.scenario = name;
        return this;
    }

    public long op(String worker, String f, Map<String, Object> args, long startMs, long endMs, Outcome outcome,
                   Map<String, Object> result, String error) {
        long id = nextId++;
        ops.add(new Op(id, scenario, worker, f, args, startMs * 1_000_000, endMs * 1_000_000, outcome, result, error));
        return id;
    }

    public HistoryBuilder fault(String name, String target, long startMs, long endMs, String description) {
        faults.add(new FaultEvent(name, scenario, target, startMs * 1_000_000, endMs * 1_000_000, true, description));
        return this;
    }

    /** A scheduled fault that did not land (no session to kill, nothing to hold). */
    public HistoryBuilder missedFault(String name, String target, long startMs, long endMs, String description) {
        faults.add(new FaultEvent(name, scenario, target, startMs * 1_000_000, endMs * 1_000_000, false, description));
        return this;
    }

    public HistoryBuilder observe(String name, Map<String, Object> row) {
        observations.computeIfAbsent(scenario + "\u0000" + name, k -> new ArrayList<>()).add(row);
        return this;
    }

    public History build() {
        List<Observation> list = new ArrayList<>();
        observations.forEach((key, rows) -> {
            String[] parts = key.split("\u0000");
            list.add(new Observation(parts[1], parts[0], rows));
        });
        return new History(1, ops, faults, list);
    }
}
