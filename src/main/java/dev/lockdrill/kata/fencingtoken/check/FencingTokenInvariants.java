package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the fencing-token kata, in the order they are reported. */
public final class FencingTokenInvariants {
    private FencingTokenInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new StaleWriteRejected(), new AcceptedTokensMonotonic(), new FreshWriteAccepted(),
                new RetryIsIdempotent(), new OutcomeMatchesStorage(), new FinalValueIsLastAccepted(),
                new SurvivesKilledConnection(), new NoUnexpectedErrors());
    }
}
