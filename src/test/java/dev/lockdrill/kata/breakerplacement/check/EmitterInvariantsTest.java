package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerCreated;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.DeadLetter;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Forbidden;
import dev.lockdrill.kata.breakerplacement.protocol.Outage;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Report;
import dev.lockdrill.kata.breakerplacement.protocol.RetryLater;
import dev.lockdrill.kata.breakerplacement.protocol.Sleep;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Each invariant on hand-written emitter histories: one clean case, one that breaks exactly it. */
class EmitterInvariantsTest {
    private final List<Op> ops = new ArrayList<>();
    private final List<Observation> observations = new ArrayList<>(List.of(new Observation(
            EmitterObservation.BREAKER_CONFIG.label(), "s", List.of(new BreakerSettings(10, 2, 50, 1000, 1).toRow()))));
    private long id;
    private long tick;
    private String event;
    private String key;

    private String worker = "emitter";
    private long emit;
    private long permits;
    /** Permits granted and not yet spent on a call, as the harness's ledger keeps them. */
    private final Deque<Long> unspent = new ArrayDeque<>();

    /** Ops are instantaneous, 10 ns apart; an emit's own op lasts until {@link #returns()} (never, unless called). */
    private EmitterInvariantsTest op(EmitterOp f, Map<String, Object> fields) {
        Map<String, Object> args = new Stamp(event, key, tick, "0", emit).with(fields);
        id++;
        ops.add(new Op(id, "s", worker, f.label(), args, id * 10, f == EmitterOp.EMIT ? Long.MAX_VALUE : id * 10,
                Outcome.OK, Map.of(), null));
        return this;
    }

    /** Starts emit(event) for key (the harness's next emit number), with key's breaker (instance 1) already made. */
    private EmitterInvariantsTest emit(String anEvent, String aKey, long at) {
        event = anEvent;
        key = aKey;
        tick = at;
        emit++;
        return op(EmitterOp.EMIT, Map.of());
    }

    /** The current emit returns now. */
    private EmitterInvariantsTest returns() {
        int index = 0;
        while (!ops.get(index).is(EmitterOp.EMIT) || Stamp.of(ops.get(index)).emit() != emit) {
            index++;
        }
        Op started = ops.get(index);
        ops.set(index, new Op(started.id(), started.scenario(), started.worker(), started.f(), started.args(),
                started.invokeNanos(), id * 10 + 5, Outcome.OK, Map.of(), null));
        return this;
    }

    /** Goes on recording ops of emit number {@code number} (for {@code anEvent}, {@code aKey}), as interleaved emits do. */
    private EmitterInvariantsTest as(long number, String anEvent, String aKey) {
        emit = number;
        event = anEvent;
        key = aKey;
        return this;
    }

    private EmitterInvariantsTest permit(boolean granted) {
        return permit(key, 1, granted);
    }

    private EmitterInvariantsTest permit(String breaker, long instance, boolean granted) {
        long number = granted ? ++permits : Permit.NONE;
        if (granted) {
            unspent.add(number);
        }
        return op(EmitterOp.PERMIT, new Permit(breaker, instance, granted, number).toMap());
    }

    private EmitterInvariantsTest call(int status) {
        return call(status, -1);
    }

    private EmitterInvariantsTest call(int status, long retryAfter) {
        return call(status, retryAfter, key, 1, null);
    }

    /** A call spending the oldest unspent permit (none: no permit), said to be of {@code breaker}'s instance. */
    private EmitterInvariantsTest call(int status, long retryAfter, String breaker, long instance, Forbidden kind) {
        Long permit = unspent.poll();
        return call(status, retryAfter, permit == null ? null : breaker, instance, kind,
                permit == null ? Permit.NONE : permit);
    }

    private EmitterInvariantsTest call(int status, long retryAfter, String breaker, long instance, Forbidden kind,
                                       long permit) {
        long sent = tick;
        tick += 20;
        return op(EmitterOp.PLATFORM_CALL, new PlatformCall(status, sent, retryAfter, breaker,
                permit == Permit.NONE ? -1 : instance, kind, permit).toMap());
    }

    /** A call answered 403, with what its headers and body said (a rate limit's wait in {@code retryAfter}). */
    private EmitterInvariantsTest forbidden(Forbidden kind, long retryAfter) {
        return call(403, retryAfter, key, 1, kind);
    }

    /** A report naming no permit (onSuccess, releasePermission, onError with an exception of its own). */
    private EmitterInvariantsTest report(Report.Outcome outcome) {
        return report(key, 1, outcome);
    }

    private EmitterInvariantsTest report(String breaker, long instance, Report.Outcome outcome) {
        return op(EmitterOp.REPORT, new Report(breaker, instance, outcome, Permit.NONE).toMap());
    }

    /** A permitted call reported as the contract says. */
    private EmitterInvariantsTest attempt(int status) {
        Report.Outcome outcome = status == 200 ? Report.Outcome.SUCCESS
                : PlatformCall.ITEM_ERRORS.contains(status) || status == 429 ? Report.Outcome.RELEASED
                : Report.Outcome.FAILURE;
        return permit(true).call(status).report(outcome);
    }

    private EmitterInvariantsTest sleep(long millis) {
        op(EmitterOp.SLEEP, new Sleep(millis).toMap());
        tick += millis;
        return this;
    }

    private EmitterInvariantsTest delivered() {
        return op(EmitterOp.DELIVERED, Map.of());
    }

    private EmitterInvariantsTest deadLetter() {
        return op(EmitterOp.DEAD_LETTER, new DeadLetter("x").toMap());
    }

    private EmitterInvariantsTest retryLater(long millis) {
        return op(EmitterOp.RETRY_LATER, new RetryLater(millis).toMap());
    }

    private void outage(String aKey, long from, long to) {
        observations.add(new Observation(EmitterObservation.OUTAGE.label(), "s",
                List.of(new Outage(Set.of(aKey), from, to, aKey + " revoked").toRow())));
    }

    private List<InvariantResult> results() {
        History history = new History(1, ops, List.of(), observations);
        return EmitterInvariants.all().stream().map(i -> i.check(history)).toList();
    }

    private List<String> failed() {
        return results().stream().filter(r -> r.verdict() == Verdict.FAIL).map(InvariantResult::name).toList();
    }

    private Verdict verdict(String name) {
        return results().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow().verdict();
    }

    @Test
    void aDeliveredEventAndADeferredOneThatIsDeliveredLaterPass() {
        op(EmitterOp.BREAKER_CREATED, new BreakerCreated("gh/1").toMap());
        emit("e1", "gh/1", 0).attempt(200).delivered();
        emit("e2", "gh/1", 25).permit(false).retryLater(5000);
        emit("e2", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).isEmpty();
    }

    @Test
    void threeFailedAttemptsWithJitteredSleepsThenTheDeadLetterQueuePass() {
        emit("e1", "az/1", 0).attempt(503).sleep(70).attempt(503).sleep(160).attempt(503).deadLetter();
        emit("e2", "az/1", 500).attempt(503).sleep(55).attempt(503).sleep(130).attempt(200).delivered();
        assertThat(failed()).isEmpty();
    }

    @Test
    void anEventDeadLetteredAfterTwoOfItsThreeAttemptsIsReported() {
        emit("e1", "az/1", 0).attempt(503).sleep(70).attempt(503).deadLetter();
        assertThat(failed()).containsExactly("dead-letter-only-when-done");
    }

    @Test
    void aFourthAttemptIsReported() {
        emit("e1", "az/1", 0).attempt(503).sleep(70).attempt(503).sleep(150).attempt(503).sleep(300).attempt(503)
                .deadLetter();
        assertThat(failed()).contains("at-most-three-attempts-jittered", "retry-sleeps-bounded");
    }

    @Test
    void aSleepLongerThanTheBoundIsReported() {
        emit("e1", "az/1", 0).attempt(503).sleep(50_000).attempt(200).delivered();
        assertThat(failed()).containsExactly("retry-sleeps-bounded");
    }

    @Test
    void backoffWithoutJitterIsReported() {
        for (int i = 0; i < 3; i++) {
            emit("e" + i, "az/1", i * 1000L).attempt(503).sleep(100).attempt(503).sleep(200).attempt(503).deadLetter();
        }
        assertThat(failed()).containsExactly("at-most-three-attempts-jittered");
    }

    @Test
    void anEventDeadLetteredWhenItsBreakerRefusedIsReported() {
        emit("e1", "gh/1", 0).permit(false).deadLetter();
        assertThat(failed()).contains("open-breaker-defers", "dead-letter-only-when-done");
    }

    private InvariantResult result(String name) {
        return results().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    /** What the emit did after the refusal is the violation; the refused permit (the breaker doing its job) is context. */
    @Test
    void theStepAfterARefusedPermitIsTheViolationNotTheRefusal() {
        emit("e1", "gh/1", 0).permit(false).sleep(80).permit(false).retryLater(1000);
        assertThat(result("open-breaker-defers").evidence()).singleElement().satisfies(e -> {
            assertThat(e.opIds()).as("the sleep").containsExactly(3L);
            assertThat(e.contextIds()).as("the refused permit").containsExactly(2L);
        });
    }

    /** Window: minimum 2 + 1 probe per started 1000 ms wait over a 500 ms outage = 4 calls; the 5th and 6th exceed it. */
    @Test
    void theCallsBeyondTheOutageBoundAreTheViolationNotTheOnesItAllows() {
        outage("gh/1", 0, 500);
        List<Long> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            emit("e" + i, "gh/1", i * 80L).permit(true).call(401);
            calls.add(id);
            report(Report.Outcome.FAILURE).retryLater(1000);
        }
        assertThat(result("outage-calls-bounded").evidence()).singleElement().satisfies(e -> {
            assertThat(e.opIds()).containsExactlyElementsOf(calls.subList(4, 6));
            assertThat(e.contextIds()).containsExactlyElementsOf(calls.subList(0, 4));
        });
    }

    @Test
    void aSleepAfterARefusedPermitIsReported() {
        emit("e1", "gh/1", 0).permit(false).sleep(80).permit(false).retryLater(1000);
        emit("e1", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).containsExactly("open-breaker-defers");
    }

    @Test
    void aRetriedRevokedCredentialIsReported() {
        emit("e1", "gh/1", 0).attempt(401).sleep(70).attempt(401).sleep(150).attempt(401).retryLater(1000);
        emit("e1", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).containsExactly("credential-errors-deferred");
    }

    @Test
    void aRevokedCredentialsEventDeadLetteredIsReported() {
        emit("e1", "gh/1", 0).attempt(401).deadLetter();
        assertThat(failed()).contains("credential-errors-deferred");
    }

    @Test
    void aRevokedCredentialDeferredAfterOneCallPasses() {
        emit("e1", "gh/1", 0).attempt(401).retryLater(60_000);
        emit("e1", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).isEmpty();
        assertThat(verdict("credential-errors-deferred")).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRetriedGoneItemIsReported() {
        emit("e1", "no/1", 0).attempt(410).sleep(70).attempt(410).deadLetter();
        assertThat(failed()).contains("permanent-errors-neither-trip-nor-retry");
    }

    @Test
    void anItemErrorReportedAsASuccessIsReported() {
        emit("e1", "no/1", 0).permit(true).call(422).report(Report.Outcome.SUCCESS).deadLetter();
        assertThat(failed()).containsExactly("outcomes-sorted-by-owner");
    }

    @Test
    void anItemErrorReportedAsAFailureIsReported() {
        emit("e1", "no/1", 0).permit(true).call(404).report(Report.Outcome.FAILURE).deadLetter();
        assertThat(failed()).containsExactly("outcomes-sorted-by-owner");
    }

    @Test
    void aPermitThatNeverGetsAnOutcomeIsReported() {
        emit("e1", "no/1", 0).permit(true).call(410).deadLetter();
        assertThat(failed()).containsExactly("outcomes-sorted-by-owner");
    }

    @Test
    void aPlatformFailureReportedAsASuccessIsReported() {
        emit("e1", "az/1", 0).permit(true).call(503).report(Report.Outcome.SUCCESS).sleep(60).attempt(200)
                .delivered();
        assertThat(failed()).containsExactly("outcomes-sorted-by-owner");
    }

    @Test
    void aRateLimitedEventSentAgainBeforeItsRetryAfterIsReported() {
        emit("e1", "gh/1", 0).permit(true).call(429, 400).report(Report.Outcome.FAILURE).sleep(80).attempt(200)
                .delivered();
        assertThat(failed()).containsExactly("retry-after-honoured");
    }

    @Test
    void aRateLimitedEventDeferredForLessThanItsRetryAfterIsReported() {
        emit("e1", "gh/1", 0).permit(true).call(429, 400).report(Report.Outcome.RELEASED).retryLater(100);
        emit("e1", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).containsExactly("retry-after-honoured");
    }

    @Test
    void aRateLimitedEventThatWaitsItsRetryAfterPasses() {
        emit("e1", "gh/1", 0).permit(true).call(429, 400).report(Report.Outcome.FAILURE).sleep(400).attempt(200)
                .delivered();
        emit("e2", "gh/1", 500).permit(true).call(429, 300).report(Report.Outcome.RELEASED).retryLater(300);
        emit("e2", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).isEmpty();
        assertThat(verdict("retry-after-honoured")).isEqualTo(Verdict.PASS);
    }

    @Test
    void aCallWithAnotherKeysPermitIsReported() {
        emit("e1", "gh/1", 0).permit("all/all", 1, true).call(200, -1, "all/all", 1, null)
                .report("all/all", 1, Report.Outcome.SUCCESS).delivered();
        assertThat(failed()).containsExactly("each-call-has-its-keys-permit");
    }

    @Test
    void permitsOfOneKeyFromTwoBreakerInstancesAreReported() {
        emit("e1", "gh/1", 0).attempt(200).delivered();
        emit("e2", "gh/1", 30).permit("gh/1", 2, true).call(200, -1, "gh/1", 2, null)
                .report("gh/1", 2, Report.Outcome.SUCCESS).delivered();
        assertThat(failed()).containsExactly("one-breaker-per-key");
        // tied to the first permit of each instance, so dev check can tell which scenario caught it
        assertThat(result("one-breaker-per-key").evidence()).singleElement()
                .satisfies(e -> assertThat(e.opIds()).hasSize(2).doesNotHaveDuplicates());
    }

    @Test
    void tooManyCallsDuringAnOutageAreReported() {
        outage("gh/1", 0, 500);
        for (int i = 0; i < 6; i++) {
            emit("e" + i, "gh/1", i * 80L).attempt(401).retryLater(1000);
            emit("e" + i, "gh/1", 5000 + i * 80L).attempt(200).delivered();
        }
        assertThat(failed()).containsExactly("outage-calls-bounded");
    }

    @Test
    void anotherKeysEventRefusedDuringTheOutageIsReported() {
        outage("gh/1", 0, 500);
        emit("e1", "gh/2", 100).permit(false).retryLater(1000);
        emit("e1", "gh/2", 2000).attempt(200).delivered();
        assertThat(failed()).containsExactly("others-unaffected");
    }

    @Test
    void aKeyWhoseOwnFaultBeganEarlierIsNotOneOfTheOthers() {
        outage("gh/2", 0, 200);
        outage("gh/1", 100, 500);
        emit("e1", "gh/2", 300).permit(false).retryLater(1000);
        emit("e1", "gh/2", 2000).attempt(200).delivered();
        assertThat(verdict("others-unaffected")).isEqualTo(Verdict.PASS);
    }

    @Test
    void anotherKeysItemErrorDuringTheOutageIsNotAnEffectOfIt() {
        outage("gh/1", 0, 500);
        emit("e1", "gh/2", 100).attempt(410).deadLetter();
        assertThat(verdict("others-unaffected")).isEqualTo(Verdict.PASS);
    }

    @Test
    void anEventHandedBackToAnotherWorkerEndsWithItsLatestEnding() {
        emit("e0", "gh/1", 0).attempt(200).delivered();
        worker = "worker-2";
        emit("e1", "gh/1", 30).permit(false).retryLater(1000);
        worker = "emitter";
        emit("e1", "gh/1", 2000).attempt(200).delivered();
        assertThat(verdict("every-event-ends")).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRateLimit403SleptOutAndRetriedIsPaceNotACredentialError() {
        emit("e1", "gh/1", 0).permit(true).forbidden(Forbidden.RATE_LIMIT, 400).report(Report.Outcome.FAILURE)
                .sleep(400).attempt(200).delivered();
        emit("e2", "gh/1", 500).permit(true).forbidden(Forbidden.RATE_LIMIT, 300).report(Report.Outcome.RELEASED)
                .retryLater(300);
        emit("e2", "gh/1", 2000).attempt(200).delivered();
        assertThat(failed()).isEmpty();
        assertThat(verdict("credential-errors-deferred")).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(verdict("retry-after-honoured")).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRateLimit403SentAgainBeforeItsWaitIsReported() {
        emit("e1", "gh/1", 0).permit(true).forbidden(Forbidden.RATE_LIMIT, 400).report(Report.Outcome.RELEASED)
                .sleep(80).attempt(200).delivered();
        assertThat(failed()).containsExactly("retry-after-honoured");
    }

    @Test
    void aResourceRefused403ReleasedAndDeadLetteredPasses() {
        emit("e1", "no/1", 0).permit(true).forbidden(Forbidden.RESOURCE, -1).report(Report.Outcome.RELEASED)
                .deadLetter();
        assertThat(failed()).isEmpty();
    }

    @Test
    void aResourceRefused403FiledAsTheCredentialsIsReported() {
        emit("e1", "no/1", 0).permit(true).forbidden(Forbidden.RESOURCE, -1).report(Report.Outcome.FAILURE)
                .retryLater(5000);
        emit("e1", "no/1", 6000).permit(true).forbidden(Forbidden.RESOURCE, -1).report(Report.Outcome.FAILURE)
                .retryLater(5000);
        assertThat(failed()).containsExactlyInAnyOrder("outcomes-sorted-by-owner",
                "permanent-errors-neither-trip-nor-retry", "every-event-ends");
    }

    @Test
    void anAuthLevel403RetriedIsReported() {
        emit("e1", "gh/1", 0).permit(true).forbidden(Forbidden.CREDENTIAL, -1).report(Report.Outcome.FAILURE)
                .sleep(70).attempt(200).delivered();
        assertThat(failed()).containsExactly("credential-errors-deferred");
    }

    @Test
    void callsAnswered429WithTheirPermitReleasedAreNotBoundByTheBreaker() {
        outage("gh/1", 0, 500);
        for (int i = 0; i < 12; i++) {
            emit("e" + i, "gh/1", i * 30L).permit(true).call(429, 500 - i * 30L).report(Report.Outcome.RELEASED)
                    .retryLater(600);
            emit("e" + i, "gh/1", 5000 + i * 30L).attempt(200).delivered();
        }
        assertThat(verdict("outage-calls-bounded")).isEqualTo(Verdict.PASS);
    }

    @Test
    void anEventNeverDeliveredNorDeadLetteredIsReported() {
        emit("e1", "gh/1", 0).permit(false).retryLater(1000);
        assertThat(failed()).containsExactly("every-event-ends");
    }

    /**
     * Two emits in flight at once, their ops interleaved and their calls recorded from a time
     * limiter's thread: each emit is judged on the ops that carry its number, whoever recorded them.
     */
    @Test
    void interleavedEmitsAreJudgedOnTheOpsThatCarryTheirNumberNotOnTheirWorker() {
        emit("e1", "gh/1", 0).permit("gh/1", 1, true);
        emit("e2", "az/1", 0).permit("az/1", 2, true);
        worker = "platform-call";
        as(2, "e2", "az/1").call(503, -1, "az/1", 2, null, 2);
        as(1, "e1", "gh/1").call(200, -1, "gh/1", 1, null, 1);
        worker = "emitter";
        as(2, "e2", "az/1").report("az/1", 2, Report.Outcome.FAILURE);
        as(1, "e1", "gh/1").report("gh/1", 1, Report.Outcome.SUCCESS).delivered();
        as(2, "e2", "az/1").sleep(70).permit("az/1", 2, true).call(200, -1, "az/1", 2, null, 3)
                .report("az/1", 2, Report.Outcome.SUCCESS).delivered();
        assertThat(failed()).isEmpty();
        assertThat(verdict("outcomes-sorted-by-owner")).isEqualTo(Verdict.PASS);
        assertThat(verdict("each-call-has-its-keys-permit")).isEqualTo(Verdict.PASS);
    }

    @Test
    void anOutcomeReportedAfterItsEmitReturnedIsReported() {
        emit("e1", "gh/1", 0).permit(true).call(200).delivered().returns().report(Report.Outcome.SUCCESS);
        assertThat(failed()).containsExactly("outcomes-sorted-by-owner");
    }

    /** Two permits of one breaker out at once: a report goes to the one its emit is still waiting for. */
    @Test
    void aReportSettlesAPermitWhoseEmitHasNotReturned() {
        emit("e1", "gh/1", 0).permit(true);
        emit("e2", "gh/1", 0).permit(true);
        as(1, "e1", "gh/1").call(200, -1, "gh/1", 1, null, 1);
        as(2, "e2", "gh/1").call(200, -1, "gh/1", 1, null, 2).report(Report.Outcome.SUCCESS).delivered().returns();
        as(1, "e1", "gh/1").report(Report.Outcome.SUCCESS).delivered();
        assertThat(verdict("outcomes-sorted-by-owner")).isEqualTo(Verdict.PASS);
    }

    @Test
    void invariantsWithNothingToJudgeAreNotExercised() {
        emit("e1", "gh/1", 0).call(200).delivered();
        for (String name : List.of("open-breaker-defers", "credential-errors-deferred", "outcomes-sorted-by-owner",
                "dead-letter-only-when-done", "retry-sleeps-bounded", "retry-after-honoured", "one-breaker-per-key")) {
            assertThat(verdict(name)).as(name).isEqualTo(Verdict.NOT_EXERCISED);
        }
    }
}
