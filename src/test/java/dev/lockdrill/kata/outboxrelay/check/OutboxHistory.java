package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds hand-written outbox-relay histories for the checker tests (times in milliseconds). */
final class OutboxHistory {
    static final String SCENARIO = "s";
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Map<String, Object>> rows = new ArrayList<>();

    OutboxHistory tx(String eventId, boolean committed, long from, long to) {
        ops.add(op("app", "business-tx", event(eventId), from, to, Outcome.OK, Map.of("committed", committed)));
        return this;
    }

    OutboxHistory publish(String relay, String eventId, long from, long to) {
        ops.add(op(relay, "publish", event(eventId), from, to, Outcome.OK, Map.of("accepted", true)));
        return this;
    }

    OutboxHistory refused(String relay, String eventId, long from, long to) {
        ops.add(op(relay, "publish", event(eventId), from, to, Outcome.FAIL, Map.of()));
        return this;
    }

    OutboxHistory batch(String relay, long from, long to, Outcome outcome) {
        ops.add(op(relay, "relayBatch", Map.of("max", 10), from, to, outcome,
                outcome == Outcome.OK ? Map.of("published", 1) : Map.of()));
        return this;
    }

    OutboxHistory fault(String name, String target, long from, long to) {
        faults.add(new FaultEvent(name, SCENARIO, target, from * 1_000_000, to * 1_000_000, true, name + " on " + target));
        return this;
    }

    OutboxHistory missedFault(String name, String target, long from, long to) {
        faults.add(new FaultEvent(name, SCENARIO, target, from * 1_000_000, to * 1_000_000, false, name + " missed"));
        return this;
    }

    OutboxHistory row(String eventId, boolean marked) {
        rows.add(Map.of("id", rows.size() + 1, "eventId", eventId, "marked", marked));
        return this;
    }

    History build() {
        return new History(1, ops, faults, List.of(new Observation("outbox", SCENARIO, rows)));
    }

    static Map<String, Object> event(String eventId) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("eventId", eventId);
        args.put("aggregateId", SCENARIO + "/order-" + eventId);
        args.put("seq", 1);
        args.put("payload", "payload of " + eventId);
        return args;
    }

    private Op op(String worker, String f, Map<String, Object> args, long from, long to, Outcome outcome,
                  Map<String, Object> result) {
        return new Op(ops.size() + 1, SCENARIO, worker, f, args, from * 1_000_000, to * 1_000_000, outcome, result,
                outcome == Outcome.OK ? null : "boom");
    }
}
