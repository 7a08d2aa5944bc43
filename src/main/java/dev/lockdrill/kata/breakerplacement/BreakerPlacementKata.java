package dev.lockdrill.kata.breakerplacement;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.breakerplacement.check.EmitterInvariants;
import dev.lockdrill.kata.breakerplacement.check.EmitterMetrics;
import dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload;

import java.util.List;

/** The breaker-placement kata: how its check plugs into the pipeline. */
public final class BreakerPlacementKata extends DeclaredKata {
    public BreakerPlacementKata() {
        super("breaker-placement", EmitterWorkload.class);
    }

    static final String CREDENTIAL_REVOKED = "credential-revoked";
    static final String PLATFORM_DOWN = "platform-down";
    static final String BAD_ITEMS = "bad-items";
    static final String RATE_LIMITED = "rate-limited";
    static final String PARALLEL_WORKERS = "parallel-workers";

    /** One customer's refused token: a breaker wider than (platform, credential) makes it everyone's outage. */
    @Override
    public String lessonScenario() {
        return CREDENTIAL_REVOKED;
    }

    @Override
    public List<Invariant> invariants() {
        return EmitterInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new EmitterMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of parallel-workers' 6 threads makes the new key's breaker, and the order of "
                + "their emits on the shared virtual clock");
    }

    @Override
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "Exactly one breaker per (platform, credential), made once and kept; the same "
                        + "credential id on two platforms is two keys",
                        List.of("one-breaker-per-key", "each-call-has-its-keys-permit", "others-unaffected"),
                        List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN, PARALLEL_WORKERS)),
                new Clause("C2", "Every platform call spends a fresh permit of its own key's breaker: Retry "
                        + "outside, Breaker inside",
                        List.of("each-call-has-its-keys-permit", "outage-calls-bounded"),
                        List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN)),
                new Clause("C3", "A refused permit defers the event at once (retryLater): no sleep, no call, "
                        + "no dead letter",
                        List.of("open-breaker-defers"), List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN)),
                new Clause("C4", "Each answer is reported by its owner, once per permit, a 403 by its headers "
                        + "and body: 200 success; 503 failure; 401 and an auth-level 403 failure, not retried, "
                        + "deferred; 404/410/422 and a 403 refusing one resource released, not retried, "
                        + "dead-lettered; a rate limit (429, or 403 with x-ratelimit-remaining 0 or retry-after) "
                        + "failure or released, and waited out as C6 says",
                        List.of("outcomes-sorted-by-owner", "credential-errors-deferred",
                                "permanent-errors-neither-trip-nor-retry"),
                        List.of(BAD_ITEMS, CREDENTIAL_REVOKED, PLATFORM_DOWN, RATE_LIMITED)),
                new Clause("C5", "At most 3 attempts (the first try and 2 retries), at most 2 jittered sleeps "
                        + "of at most 1 s; dead-lettered only for an item error or after the third failed attempt",
                        List.of("at-most-three-attempts-jittered", "retry-sleeps-bounded",
                                "dead-letter-only-when-done"),
                        List.of(PLATFORM_DOWN)),
                new Clause("C6", "An event answered a rate limit (429, or 403 with x-ratelimit-remaining 0 or "
                        + "retry-after) is not sent again, nor deferred for less, before its Retry-After (or reset) "
                        + "has passed",
                        List.of("retry-after-honoured"), List.of(RATE_LIMITED)),
                new Clause("C7", "While one key fails, every other key's events go out with one call each, and "
                        + "the failing key gets no more than what opens its breaker plus the probes",
                        List.of("others-unaffected", "outage-calls-bounded"),
                        List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN, RATE_LIMITED)),
                new Clause("C8", "emit is thread-safe: threads meeting a new key together get one breaker, and "
                        + "no lock is held across a retry sleep",
                        List.of("one-breaker-per-key", "sleeps-hold-no-other-key"), List.of(PARALLEL_WORKERS)),
                new Clause("C9", "Every emit ends exactly once before it returns; after the faults every event "
                        + "is delivered or dead-lettered",
                        List.of("every-event-ends"),
                        List.of(CREDENTIAL_REVOKED, PLATFORM_DOWN, BAD_ITEMS, RATE_LIMITED, PARALLEL_WORKERS)));
    }
}
