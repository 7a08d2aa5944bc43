package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the breaker-placement kata, in the order they are reported. */
public final class EmitterInvariants {
    private EmitterInvariants() {
    }

    public static final Invariant OUTAGE_CALLS_BOUNDED = new OutageCallsBounded();
    public static final Invariant OTHERS_UNAFFECTED = new OthersUnaffected();
    public static final Invariant OPEN_BREAKER_DEFERS = new OpenBreakerDefers();
    public static final Invariant CREDENTIAL_ERRORS_DEFERRED = new CredentialErrorsDeferred();
    public static final Invariant PERMANENT_ERRORS_NEITHER_TRIP_NOR_RETRY = new PermanentErrorsNeitherTripNorRetry();
    public static final Invariant OUTCOMES_SORTED_BY_OWNER = new OutcomesSortedByOwner();
    public static final Invariant DEAD_LETTER_ONLY_WHEN_DONE = new DeadLetterOnlyWhenDone();
    public static final Invariant AT_MOST_THREE_ATTEMPTS_JITTERED = new AtMostThreeAttempts();
    public static final Invariant RETRY_SLEEPS_BOUNDED = new RetrySleepsBounded();
    public static final Invariant RETRY_AFTER_HONOURED = new RetryAfterHonoured();
    public static final Invariant EACH_CALL_HAS_ITS_KEYS_PERMIT = new CallsSpendTheirKeysPermit();
    public static final Invariant ONE_BREAKER_PER_KEY = new OneBreakerPerKey();
    public static final Invariant SLEEPS_HOLD_NO_OTHER_KEY = new SleepsHoldNoOtherKey();
    public static final Invariant EVERY_EVENT_ENDS = new EveryEventEnds();

    public static List<Invariant> all() {
        return List.of(OUTAGE_CALLS_BOUNDED, OTHERS_UNAFFECTED, OPEN_BREAKER_DEFERS, CREDENTIAL_ERRORS_DEFERRED,
                PERMANENT_ERRORS_NEITHER_TRIP_NOR_RETRY, OUTCOMES_SORTED_BY_OWNER, DEAD_LETTER_ONLY_WHEN_DONE,
                AT_MOST_THREE_ATTEMPTS_JITTERED, RETRY_SLEEPS_BOUNDED, RETRY_AFTER_HONOURED,
                EACH_CALL_HAS_ITS_KEYS_PERMIT, ONE_BREAKER_PER_KEY, SLEEPS_HOLD_NO_OTHER_KEY, EVERY_EVENT_ENDS);
    }
}
