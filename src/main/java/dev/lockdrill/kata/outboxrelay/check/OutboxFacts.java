package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.BusinessTx;
import dev.lockdrill.kata.outboxrelay.protocol.EventFields;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxRow;
import dev.lockdrill.kata.outboxrelay.protocol.Publish;

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
     * A publication whose relayBatch call was hit by a fault (its sessions were killed, its process
     * crashed, or one of its messages was refused, lost or left unacknowledged): its transaction may
     * have rolled back, or the relay could not know the broker had it, so publishing the same event
     * again is expected.
     */
    boolean inDoubt(Op publish) {
        Optional<Op> batch = batchOf(publish);
        return batch.isPresent() && (hitBySessionLoss(history, batch.get()) || unconfirmedDuring(history, batch.get()));
    }

    /**
     * A publication made by a call whose worker had already lost its sessions (a kill or a crash that
     * landed during the call, before this message was sent): the relay's claim was gone, and it could
     * not know before its next round trip to the database.
     */
    boolean claimLostBefore(Op publish) {
        Optional<Op> batch = batchOf(publish);
        return batch.isPresent() && history.faults(publish.scenario()).stream()
                .anyMatch(f -> (f.is(Faults.KILL) || f.is(Faults.CRASH)) && f.landed()
                        && f.target().equals(publish.worker()) && f.startNanos() <= publish.invokeNanos()
                        && f.overlaps(batch.get().invokeNanos(), batch.get().completeNanos()));
    }

    /** Whether the call's worker lost its sessions (a kill or a crash that landed) while the call was in flight. */
    static boolean hitBySessionLoss(History history, Op call) {
        return history.faults(call.scenario()).stream()
                .anyMatch(f -> (f.is(Faults.KILL) || f.is(Faults.CRASH)) && f.landed()
                        && f.target().equals(call.worker()) && f.overlaps(call.invokeNanos(), call.completeNanos()));
    }

    /** The publishes the call's worker made while the call was in flight. */
    static List<Op> publishesDuring(History history, Op call) {
        return history.ops(op -> op.is(OutboxOp.PUBLISH) && op.scenario().equals(call.scenario())
                && op.worker().equals(call.worker()) && op.invokeNanos() >= call.invokeNanos()
                && op.invokeNanos() <= call.completeNanos());
    }

    /** Whether one of this call's messages was refused, lost, or taken without the relay being told. */
    static boolean unconfirmedDuring(History history, Op call) {
        return publishesDuring(history, call).stream().anyMatch(op -> !Publish.confirmed(op));
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
