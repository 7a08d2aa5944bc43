package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the breaker-placement kata, in the order they are reported. */
public final class EmitterInvariants {
    private EmitterInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new OutageCallsBounded(), new OthersUnaffected(), new OpenBreakerDefers(),
                new PermanentErrorsNeitherTripNorRetry(), new AtMostThreeAttempts(), new CallsSpendTheirKeysPermit(),
                new PlatformCallsPassABreaker(), new OneBreakerPerKey(), new EveryEventEnds());
    }
}
