package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the breaker-placement kata, in the order they are reported. */
public final class EmitterInvariants {
    private EmitterInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new OutageCallsBounded(), new OthersUnaffected(), new OpenBreakerDefers(),
                new CredentialErrorsDeferred(), new PermanentErrorsNeitherTripNorRetry(), new OutcomesSortedByOwner(),
                new DeadLetterOnlyWhenDone(), new AtMostThreeAttempts(), new RetrySleepsBounded(),
                new RetryAfterHonoured(), new CallsSpendTheirKeysPermit(), new OneBreakerPerKey(),
                new SleepsHoldNoOtherKey(), new EveryEventEnds());
    }
}
