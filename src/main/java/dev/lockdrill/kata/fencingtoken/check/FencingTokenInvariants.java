package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;

import java.util.List;

/** Every invariant of the fencing-token kata, in the order they are reported. */
public final class FencingTokenInvariants {
    private FencingTokenInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new StaleWriteRejected(), new AcceptedTokensMonotonic(), new FreshWriteAccepted(),
                new RetryIsIdempotent(), new OutcomeMatchesStorage(), new FinalValueIsLastAccepted(),
                new SurvivesKilledConnection(), noUnexpectedErrors());
    }

    /** Without a killed connection to blame, every call completes: a store that throws is not available. */
    static Invariant noUnexpectedErrors() {
        return new NoUnexpectedErrors("calls complete without errors unless their connection was killed",
                op -> true, FencingTokenInvariants::describeCall, NoUnexpectedErrors.hitDuring(Faults.KILL));
    }

    private static String describeCall(Op op) {
        return op.worker() + " " + op.f() + "(" + op.args().getOrDefault("key", "") + ") in " + op.scenario() + ": "
                + OpText.outcome(op);
    }
}
