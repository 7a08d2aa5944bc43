package dev.lockdrill.kata.outboxrelay.protocol;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.Map;

/**
 * A business-tx op: the event it enqueued (its fields beside the decision's, not nested) and what
 * the scenario meant to do with the transaction.
 */
public record BusinessTx(@JsonUnwrapped EventFields event, Decision decision) {

    /** The result of a business transaction that ended. */
    record Ended(boolean committed) {
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static BusinessTx of(Op op) {
        return op.args(BusinessTx.class);
    }

    /** The result of a business transaction that ended: committed or rolled back. */
    public static Map<String, Object> ended(boolean committed) {
        return Fields.of(new Ended(committed));
    }

    /** The transaction committed. */
    public static boolean committed(Op tx) {
        return tx.ok() && tx.result(Ended.class).committed();
    }

    /** Rolled back by the caller, or never committed because enqueue threw. */
    public static boolean rolledBack(Op tx) {
        return tx.outcome() == Outcome.FAIL || tx.ok() && !tx.result(Ended.class).committed();
    }
}
