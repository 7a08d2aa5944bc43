package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.outboxrelay.protocol.BusinessTx;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;

import java.util.List;
import java.util.Optional;

/**
 * Reads an outbox-relay history: business transactions (which events committed, which rolled
 * back), the broker's publish operations, relayBatch calls, injected faults and the outbox rows.
 */
final class OutboxFacts {
    private final History history;

    OutboxFacts(History history) {
        this.history = history;
    }

    History history() {
        return history;
    }

    List<Op> businessTxs() {
        return history.ops(OutboxOp.BUSINESS_TX);
    }

    static boolean committed(Op tx) {
        return BusinessTx.committed(tx);
    }

    /** Rolled back by the caller, or never committed because enqueue threw. */
    static boolean rolledBack(Op tx) {
        return BusinessTx.rolledBack(tx);
    }

    static String eventId(Op op) {
        return EventFields.of(op).eventId();
    }

    /** Publishes the broker accepted. */
    List<Op> publications() {
        return history.ops(op -> op.is(OutboxOp.PUBLISH) && op.ok());
    }

    List<Op> publications(String scenario, String eventId) {
        return publications().stream()
                .filter(p -> p.scenario().equals(scenario) && eventId.equals(eventId(p)))
                .toList();
    }

    /** The business transaction that enqueued this event id in this scenario. */
    Optional<Op> txOf(String scenario, String eventId) {
        return businessTxs().stream()
                .filter(tx -> tx.scenario().equals(scenario) && eventId.equals(eventId(tx)))
                .findFirst();
    }

    /** The relayBatch call during which this publish happened, if any. */
    Optional<Op> batchOf(Op publish) {
        return history.ops(op -> op.is(OutboxOp.RELAY_BATCH) && op.scenario().equals(publish.scenario())
                        && op.worker().equals(publish.worker()) && op.invokeNanos() <= publish.invokeNanos()
                        && publish.invokeNanos() <= op.completeNanos())
                .stream().findFirst();
    }

    /**
     * A publication whose relayBatch call was hit by a fault (its sessions were killed, or the
     * broker refused one of its messages): its transaction may have rolled back, so publishing
     * the same events again is expected.
     */
    boolean inDoubt(Op publish) {
        Optional<Op> batch = batchOf(publish);
        if (batch.isEmpty()) {
            return false;
        }
        Op call = batch.get();
        boolean killed = history.faults(call.scenario()).stream()
                .anyMatch(f -> f.is(Faults.KILL) && f.landed() && f.target().equals(call.worker())
                        && f.startNanos() >= call.invokeNanos() && f.startNanos() <= call.completeNanos());
        return killed || refusedDuring(history, call);
    }

    /** Whether the broker refused one of this relayBatch call's messages. */
    static boolean refusedDuring(History history, Op call) {
        return !history.ops(op -> op.is(OutboxOp.PUBLISH) && op.outcome() == Outcome.FAIL
                && op.scenario().equals(call.scenario()) && op.worker().equals(call.worker())
                && op.invokeNanos() >= call.invokeNanos() && op.invokeNanos() <= call.completeNanos()).isEmpty();
    }

    List<FaultEvent> faults(String scenario, FaultKind kind) {
        return history.faults(scenario).stream().filter(f -> f.is(kind) && f.landed()).toList();
    }

    /** The outbox row of this event at the end of its scenario, if it still exists. */
    Optional<OutboxRow> row(String scenario, String eventId) {
        return history.observations(OutboxRow.OBSERVATION).stream()
                .filter(o -> o.scenario().equals(scenario))
                .map(Observation::rows)
                .flatMap(List::stream)
                .map(OutboxRow::of)
                .filter(row -> eventId.equals(row.eventId()))
                .findFirst();
    }

    static String event(Op op) {
        return EventFields.of(op).describe();
    }

    static String describeTx(Op tx) {
        String result = committed(tx) ? "committed" : rolledBack(tx) ? "rolled back" : OpText.outcome(tx);
        return tx.worker() + " enqueued " + event(tx) + " at " + OpText.at(tx.invokeNanos()) + " and "
                + result + " at " + OpText.at(tx.completeNanos()) + " (" + tx.scenario() + ")";
    }

    static String describePublish(Op publish) {
        return publish.worker() + " published " + event(publish) + " at " + OpText.at(publish.invokeNanos());
    }
}
