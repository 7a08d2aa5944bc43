package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;

import java.util.List;

/** Every invariant of the fencing-token kata, in the order they are reported. */
public final class FencingTokenInvariants {
    private FencingTokenInvariants() {
    }

    public static final Invariant STALE_WRITE_REJECTED = new StaleWriteRejected();
    public static final Invariant ACCEPTED_TOKENS_MONOTONIC = new AcceptedTokensMonotonic();
    public static final Invariant FRESH_WRITE_ACCEPTED = new FreshWriteAccepted();
    public static final Invariant RETRY_IS_IDEMPOTENT = new RetryIsIdempotent();
    public static final Invariant OUTCOME_MATCHES_STORAGE = new OutcomeMatchesStorage();
    public static final Invariant FINAL_VALUE_IS_LAST_ACCEPTED = new FinalValueIsLastAccepted();
    public static final Invariant SURVIVES_KILLED_CONNECTION = new SurvivesKilledConnection();
    public static final Invariant NO_UNEXPECTED_ERRORS = noUnexpectedErrors();

    public static List<Invariant> all() {
        return List.of(STALE_WRITE_REJECTED, ACCEPTED_TOKENS_MONOTONIC, FRESH_WRITE_ACCEPTED, RETRY_IS_IDEMPOTENT,
                OUTCOME_MATCHES_STORAGE, FINAL_VALUE_IS_LAST_ACCEPTED, SURVIVES_KILLED_CONNECTION,
                NO_UNEXPECTED_ERRORS);
    }

    /**
     * Without a killed connection to blame, every call completes: a store that throws is not
     * available. A call in flight when its worker's sessions were killed may fail, and so may the
     * worker's first call to the store begun after the kill (a pool may hand out a connection the kill
     * closed); the harness's own lease calls, on a connection nobody kills, do not count.
     */
    static Invariant noUnexpectedErrors() {
        String description = "calls complete without errors unless their connection was killed";
        NoUnexpectedErrors.Excuse firstCallAfterKill = new NoUnexpectedErrors(description,
                op -> !op.is(FencingOps.ACQUIRE),
                FencingTokenInvariants::describeCall).firstCallBegunAfter(Faults.KILL);
        return new NoUnexpectedErrors(description, op -> true, FencingTokenInvariants::describeCall,
                NoUnexpectedErrors.hitDuring(Faults.KILL), firstCallAfterKill);
    }

    private static String describeCall(Op op) {
        return op.worker() + " " + op.f() + "(" + op.args().getOrDefault("key", "") + ") in " + op.scenario() + ": "
                + OpText.outcome(op);
    }
}
