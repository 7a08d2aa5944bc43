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

import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.AT_MOST_THREE_ATTEMPTS_JITTERED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.CREDENTIAL_ERRORS_DEFERRED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.DEAD_LETTER_ONLY_WHEN_DONE;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.EACH_CALL_HAS_ITS_KEYS_PERMIT;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.EVERY_EVENT_ENDS;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.ONE_BREAKER_PER_KEY;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.OPEN_BREAKER_DEFERS;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.OTHERS_UNAFFECTED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.OUTAGE_CALLS_BOUNDED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.OUTCOMES_SORTED_BY_OWNER;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.PERMANENT_ERRORS_NEITHER_TRIP_NOR_RETRY;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.RETRY_AFTER_HONOURED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.RETRY_SLEEPS_BOUNDED;
import static dev.lockdrill.kata.breakerplacement.check.EmitterInvariants.SLEEPS_HOLD_NO_OTHER_KEY;
import static dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload.BAD_ITEMS;
import static dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload.CREDENTIAL_REVOKED;
import static dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload.PARALLEL_WORKERS;
import static dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload.PLATFORM_DOWN;
import static dev.lockdrill.kata.breakerplacement.workload.EmitterWorkload.RATE_LIMITED;

/** The breaker-placement kata: how its check plugs into the pipeline. */
public final class BreakerPlacementKata extends DeclaredKata {
    public BreakerPlacementKata() {
        super("breaker-placement", EmitterWorkload.class, EmitterWorkload.SCENARIOS);
    }

    /** One customer's refused token: a breaker wider than (platform, credential) makes it everyone's outage. */
    @Override
    public String lessonScenario() {
        return CREDENTIAL_REVOKED.name();
    }

    @Override
    public List<Invariant> invariants() {
        return EmitterInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new EmitterMetrics(EmitterWorkload.CREDENTIAL_REVOKED);
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
                        .judgedBy(ONE_BREAKER_PER_KEY, EACH_CALL_HAS_ITS_KEYS_PERMIT, OTHERS_UNAFFECTED)
                        .at(CREDENTIAL_REVOKED, PLATFORM_DOWN, PARALLEL_WORKERS),
                Clause.of("C2", "ask before every attempt", """
                        Every platform call spends a fresh permit from the breaker of its own key: Retry
                        outside, Breaker inside; never one permit for several attempts.""")
                        .judgedBy(EACH_CALL_HAS_ITS_KEYS_PERMIT, OUTAGE_CALLS_BOUNDED)
                        .at(CREDENTIAL_REVOKED, PLATFORM_DOWN),
                Clause.of("C3", "refused means \"not now\"", """
                        When the breaker refuses, hand the event to `outbox.retryLater(...)` at once: no
                        sleep, no further call, not the dead-letter queue.""")
                        .judgedBy(OPEN_BREAKER_DEFERS)
                        .at(CREDENTIAL_REVOKED, PLATFORM_DOWN),
                Clause.of("C4", "sort every answer by its owner, and report every permit once", """
                        A 403 is sorted by its headers and body, never by its code. 200 → `onSuccess`; 503 →
                        `onError`; 401 and an auth-level 403 (a refused credential) → `onError`, not retried,
                        the event deferred; 404/410/422 and a 403 refusing one resource →
                        `releasePermission()`, not retried, dead-lettered; a rate limit (429, or 403 with
                        `x-ratelimit-remaining: 0` or `retry-after`) → `onError` or `releasePermission()`, and
                        waited out as C6 says; a permit not used for a call → `releasePermission()`. Each
                        granted permit gets exactly one of these before `emit` returns.""")
                        .judgedBy(OUTCOMES_SORTED_BY_OWNER, CREDENTIAL_ERRORS_DEFERRED,
                                PERMANENT_ERRORS_NEITHER_TRIP_NOR_RETRY)
                        .at(BAD_ITEMS, CREDENTIAL_REVOKED, PLATFORM_DOWN, RATE_LIMITED),
                Clause.of("C5", "bounded, jittered retries", """
                        At most 3 attempts per emit (the first try and 2 retries) for platform failures;
                        between them at most 2 sleeps, each jittered and at most 1 s. An event is
                        dead-lettered only for an item error or after its third failed attempt.""")
                        .judgedBy(AT_MOST_THREE_ATTEMPTS_JITTERED, RETRY_SLEEPS_BOUNDED,
                                DEAD_LETTER_ONLY_WHEN_DONE)
                        .at(PLATFORM_DOWN),
                Clause.of("C6", "honour Retry-After", """
                        An event answered a rate limit (429, or 403 with `x-ratelimit-remaining: 0` or
                        `retry-after`) is not sent again before its wait has passed (`retryAfter()`: its
                        `Retry-After`, or the time until its reset): sleep it out (if ≤ 1 s), or
                        `retryLater(event, d)` with d ≥ that wait.""")
                        .judgedBy(RETRY_AFTER_HONOURED)
                        .at(RATE_LIMITED),
                Clause.of("C7", "the others keep their pace", """
                        While one key fails, every other key's events are delivered with one call each, never
                        refused; the failing key gets at most what opens its breaker plus the half-open
                        probes.""")
                        .judgedBy(OTHERS_UNAFFECTED, OUTAGE_CALLS_BOUNDED)
                        .at(CREDENTIAL_REVOKED, PLATFORM_DOWN, RATE_LIMITED),
                Clause.of("C8", "thread-safe, and no lock across a wait", """
                        `emit` runs on several threads at once: two threads that meet a new key together still
                        get one breaker; a thread sleeping for a retry holds no lock that other keys' emits
                        need.""")
                        .judgedBy(ONE_BREAKER_PER_KEY, SLEEPS_HOLD_NO_OTHER_KEY)
                        .at(PARALLEL_WORKERS),
                Clause.of("C9", "every emit ends once", """
                        Each `emit` tells the outbox exactly one ending (delivered, dead-letter, retry-later)
                        before it returns; once deferred events come back after the faults, every event ends
                        delivered or dead-lettered.""")
                        .judgedBy(EVERY_EVENT_ENDS)
                        .at(CREDENTIAL_REVOKED, PLATFORM_DOWN, BAD_ITEMS, RATE_LIMITED, PARALLEL_WORKERS));
    }
}
