package dev.lockdrill.kata.breakerplacement;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
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
    public Contract contract() {
        return Contract.of("",
                Clause.of("C1", "one breaker per key", """
                        Exactly one breaker per (platform, credential), made once with the factory and kept;
                        nothing else shares it (not the platform, not the credential id alone: the same id on
                        two platforms is two keys).""")
                        .judgedBy("one-breaker-per-key", "each-call-has-its-keys-permit", "others-unaffected")
                        .at("credential-revoked", "platform-down", "parallel-workers"),
                Clause.of("C2", "ask before every attempt", """
                        Every platform call spends a fresh permit from the breaker of its own key: Retry
                        outside, Breaker inside; never one permit for several attempts.""")
                        .judgedBy("each-call-has-its-keys-permit", "outage-calls-bounded")
                        .at("credential-revoked", "platform-down"),
                Clause.of("C3", "refused means \"not now\"", """
                        When the breaker refuses, hand the event to `outbox.retryLater(...)` at once: no
                        sleep, no further call, not the dead-letter queue.""")
                        .judgedBy("open-breaker-defers")
                        .at("credential-revoked", "platform-down"),
                Clause.of("C4", "sort every answer by its owner, and report every permit once", """
                        A 403 is sorted by its headers and body, never by its code. 200 → `onSuccess`; 503 →
                        `onError`; 401 and an auth-level 403 (a refused credential) → `onError`, not retried,
                        the event deferred; 404/410/422 and a 403 refusing one resource →
                        `releasePermission()`, not retried, dead-lettered; a rate limit (429, or 403 with
                        `x-ratelimit-remaining: 0` or `retry-after`) → `onError` or `releasePermission()`, and
                        waited out as C6 says; a permit not used for a call → `releasePermission()`. Each
                        granted permit gets exactly one of these before `emit` returns.""")
                        .judgedBy("outcomes-sorted-by-owner", "credential-errors-deferred",
                                "permanent-errors-neither-trip-nor-retry")
                        .at("bad-items", "credential-revoked", "platform-down", "rate-limited"),
                Clause.of("C5", "bounded, jittered retries", """
                        At most 3 attempts per emit (the first try and 2 retries) for platform failures;
                        between them at most 2 sleeps, each jittered and at most 1 s. An event is
                        dead-lettered only for an item error or after its third failed attempt.""")
                        .judgedBy("at-most-three-attempts-jittered", "retry-sleeps-bounded",
                                "dead-letter-only-when-done")
                        .at("platform-down"),
                Clause.of("C6", "honour Retry-After", """
                        An event answered a rate limit (429, or 403 with `x-ratelimit-remaining: 0` or
                        `retry-after`) is not sent again before its wait has passed (`retryAfter()`: its
                        `Retry-After`, or the time until its reset): sleep it out (if ≤ 1 s), or
                        `retryLater(event, d)` with d ≥ that wait.""")
                        .judgedBy("retry-after-honoured")
                        .at("rate-limited"),
                Clause.of("C7", "the others keep their pace", """
                        While one key fails, every other key's events are delivered with one call each, never
                        refused; the failing key gets at most what opens its breaker plus the half-open
                        probes.""")
                        .judgedBy("others-unaffected", "outage-calls-bounded")
                        .at("credential-revoked", "platform-down", "rate-limited"),
                Clause.of("C8", "thread-safe, and no lock across a wait", """
                        `emit` runs on several threads at once: two threads that meet a new key together still
                        get one breaker; a thread sleeping for a retry holds no lock that other keys' emits
                        need.""")
                        .judgedBy("one-breaker-per-key", "sleeps-hold-no-other-key")
                        .at("parallel-workers"),
                Clause.of("C9", "every emit ends once", """
                        Each `emit` tells the outbox exactly one ending (delivered, dead-letter, retry-later)
                        before it returns; once deferred events come back after the faults, every event ends
                        delivered or dead-lettered.""")
                        .judgedBy("every-event-ends")
                        .at("credential-revoked", "platform-down", "bad-items", "rate-limited", "parallel-workers"));
    }
}
