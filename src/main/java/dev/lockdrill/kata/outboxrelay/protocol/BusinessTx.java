package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.Locale;
import java.util.Map;

/** A business-tx op: the event it enqueued and what the scenario meant to do with the transaction. */
public record BusinessTx(EventFields event, Decision decision) {
    static final String DECISION = "decision";
    static final String COMMITTED = "committed";

    public Map<String, Object> toMap() {
        Map<String, Object> args = event.toMap();
        args.put(DECISION, decision.label());
        return args;
    }

    public static BusinessTx of(Op op) {
        return new BusinessTx(EventFields.of(op),
                Decision.valueOf(op.stringArg(DECISION).toUpperCase(Locale.ROOT)));
    }

    /** The result of a business transaction that ended: committed or rolled back. */
    public static Map<String, Object> ended(boolean committed) {
        return Map.of(COMMITTED, committed);
    }

    /** The transaction committed. */
    public static boolean committed(Op tx) {
        return tx.ok() && tx.boolResult(COMMITTED);
    }

    /** Rolled back by the caller, or never committed because enqueue threw. */
    public static boolean rolledBack(Op tx) {
        return tx.outcome() == Outcome.FAIL || tx.ok() && !tx.boolResult(COMMITTED);
    }
}
