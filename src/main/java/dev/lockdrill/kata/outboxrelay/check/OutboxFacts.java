package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.List;
import java.util.Map;
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
        return history.ops("business-tx");
    }

    static boolean committed(Op tx) {
        return tx.ok() && tx.boolResult("committed");
    }

    /** Rolled back by the caller, or never committed because enqueue threw. */
    static boolean rolledBack(Op tx) {
        return tx.outcome() == Outcome.FAIL || tx.ok() && !tx.boolResult("committed");
    }

    /** Publishes the broker accepted. */
    List<Op> publications() {
        return history.ops(op -> op.is("publish") && op.ok());
    }

    List<Op> publications(String scenario, String eventId) {
        return publications().stream()
                .filter(p -> p.scenario().equals(scenario) && eventId.equals(p.stringArg("eventId")))
                .toList();
    }

    /** The business transaction that enqueued this event id in this scenario. */
    Optional<Op> txOf(String scenario, String eventId) {
        return businessTxs().stream()
                .filter(tx -> tx.scenario().equals(scenario) && eventId.equals(tx.stringArg("eventId")))
                .findFirst();
    }

    /** The relayBatch call during which this publish happened, if any. */
    Optional<Op> batchOf(Op publish) {
        return history.ops(op -> op.is("relayBatch") && op.scenario().equals(publish.scenario())
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
                .anyMatch(f -> f.name().equals("kill") && f.landed() && f.target().equals(call.worker())
                        && f.startNanos() >= call.invokeNanos() && f.startNanos() <= call.completeNanos());
        boolean refused = history.ops(op -> op.is("publish") && op.outcome() == Outcome.FAIL
                        && op.scenario().equals(call.scenario()) && op.worker().equals(call.worker())
                        && op.invokeNanos() >= call.invokeNanos() && op.invokeNanos() <= call.completeNanos())
                .size() > 0;
        return killed || refused;
    }

    List<FaultEvent> faults(String scenario, String name) {
        return history.faults(scenario).stream().filter(f -> f.name().equals(name) && f.landed()).toList();
    }

    /** The outbox row of this event at the end of its scenario, if it still exists. */
    Optional<Map<String, Object>> row(String scenario, String eventId) {
        return history.observations("outbox").stream()
                .filter(o -> o.scenario().equals(scenario))
                .map(Observation::rows)
                .flatMap(List::stream)
                .filter(row -> eventId.equals(row.get("eventId")))
                .findFirst();
    }

    static String event(Op op) {
        return "event " + op.stringArg("eventId") + " (" + op.stringArg("aggregateId") + " #" + op.args().get("seq")
                + ")";
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
