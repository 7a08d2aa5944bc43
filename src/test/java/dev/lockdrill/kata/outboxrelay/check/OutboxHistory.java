package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.outboxrelay.protocol.BusinessTx;
import dev.lockdrill.kata.outboxrelay.protocol.Decision;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;
import dev.lockdrill.kata.outboxrelay.protocol.RelayBatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds hand-written outbox-relay histories for the checker tests (times in milliseconds). */
final class OutboxHistory {
    static final String SCENARIO = "s";
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Map<String, Object>> rows = new ArrayList<>();

    OutboxHistory tx(String eventId, boolean committed, long from, long to) {
        ops.add(op("app", OutboxOp.BUSINESS_TX, new BusinessTx(fields(eventId), committed ? Decision.COMMIT
                : Decision.ROLLBACK).toMap(), from, to, Outcome.OK, BusinessTx.ended(committed)));
        return this;
    }

    OutboxHistory publish(String relay, String eventId, long from, long to) {
        ops.add(op(relay, OutboxOp.PUBLISH, event(eventId), from, to, Outcome.OK, Map.of(Op.ACCEPTED, true)));
        return this;
    }

    /** The broker took the message but the relay was told it timed out (acknowledgement lost). */
    OutboxHistory unacknowledged(String relay, String eventId, long from, long to) {
        ops.add(op(relay, OutboxOp.PUBLISH, event(eventId), from, to, Outcome.OK, Map.of(Op.ACCEPTED, true,
                "acknowledged", false)));
        return this;
    }

    /** A relayBatch(max) call that returned; {@code pending} as the harness counted it, or RelayBatch.UNKNOWN. */
    OutboxHistory call(String relay, int max, long pending, int returned, long from, long to) {
        ops.add(op(relay, OutboxOp.RELAY_BATCH, new RelayBatch(max, pending).toMap(), from, to, Outcome.OK,
                RelayBatch.result(returned)));
        return this;
    }

    OutboxHistory refused(String relay, String eventId, long from, long to) {
        ops.add(op(relay, OutboxOp.PUBLISH, event(eventId), from, to, Outcome.FAIL, Map.of()));
        return this;
    }

    OutboxHistory batch(String relay, long from, long to, Outcome outcome) {
        ops.add(op(relay, OutboxOp.RELAY_BATCH, new RelayBatch(10).toMap(), from, to, outcome,
                outcome == Outcome.OK ? RelayBatch.result(1) : Map.of()));
        return this;
    }

    OutboxHistory fault(FaultKind kind, String target, long from, long to) {
        faults.add(new FaultEvent(kind.label(), SCENARIO, target, from * 1_000_000, to * 1_000_000, true,
                kind.label() + " on " + target));
        return this;
    }

    OutboxHistory missedFault(FaultKind kind, String target, long from, long to) {
        faults.add(new FaultEvent(kind.label(), SCENARIO, target, from * 1_000_000, to * 1_000_000, false,
                kind.label() + " missed"));
        return this;
    }

    OutboxHistory row(String eventId, boolean marked) {
        rows.add(new OutboxRow(rows.size() + 1, eventId, SCENARIO + "/order-" + eventId, 1, marked).toMap());
        return this;
    }

    History build() {
        return new History(1, ops, faults, List.of(new Observation(OutboxRow.OBSERVATION, SCENARIO, rows)));
    }

    static EventFields fields(String eventId) {
        return new EventFields(eventId, SCENARIO + "/order-" + eventId, 1, "payload of " + eventId);
    }

    static Map<String, Object> event(String eventId) {
        return fields(eventId).toMap();
    }

    private Op op(String worker, OutboxOp f, Map<String, Object> args, long from, long to, Outcome outcome,
                  Map<String, Object> result) {
        return new Op(ops.size() + 1, SCENARIO, worker, f.label(), args, from * 1_000_000, to * 1_000_000, outcome, result,
                outcome == Outcome.OK ? null : "boom");
    }
}
