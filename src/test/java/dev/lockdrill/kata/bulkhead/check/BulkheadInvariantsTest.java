package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;
import dev.lockdrill.kata.bulkhead.protocol.PermitRow;
import dev.lockdrill.history.StallRow;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static org.assertj.core.api.Assertions.assertThat;

/** Hand-written histories, one scenario "s" with apns (limit 2) and fcm (limit 2), call timeout 250 ms. */
class BulkheadInvariantsTest {
    private static final long MS = 1_000_000L;
    private static final String S = "s";
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Observation> observations = new ArrayList<>(List.of(new Observation(
            BulkheadObservation.LIMITS.label(), S, List.of(new LimitRow("apns", 2, 250).toMap(),
            new LimitRow("fcm", 2, 250).toMap())),
            new Observation(BulkheadObservation.PERMITS.label(), S, List.of(
                    new PermitRow("apns", 2, 2, 0, PermitRow.Phase.QUIESCENT).toMap(),
                    new PermitRow("fcm", 2, 2, 0, PermitRow.Phase.QUIESCENT).toMap()))));
    private long id;

    private long call(String worker, CallArgs args, long from, long to, CallResult result) {
        id++;
        ops.add(new Op(id, S, worker, BulkheadOp.CALL.label(), args.toMap(), from * MS, to * MS, Outcome.OK,
                result.returnedAfter(MS / 10).toMap(), null));
        return id;
    }

    private long call(String worker, String dependency, long from, long to, CallResult result) {
        return call(worker, new CallArgs(dependency), from, to, result);
    }

    private long call(String worker, String dependency, long from, long to, Ending outcome) {
        return call(worker, new CallArgs(dependency), from, to, CallResult.of(outcome));
    }

    /** A call that got its value from work that ran inside [from + 1, to - 1]. */
    private long answered(String worker, String dependency, long from, long to) {
        long call = call(worker, new CallArgs(dependency), from, to,
                CallResult.of(Ending.VALUE).withValue(dependency + "#" + (id + 1)));
        work(call, dependency, from + 1, to - 1, WorkResult.returned(false, dependency + "#" + call));
        return call;
    }

    private long work(long call, String dependency, long from, long to, WorkResult result) {
        id++;
        ops.add(new Op(id, S, dependency, BulkheadOp.WORK.label(), new WorkArgs(dependency, call, false).toMap(),
                from * MS, to * MS, Outcome.OK, result.toMap(), null));
        return id;
    }

    private void hang(String dependency, long from, long to) {
        faults.add(new FaultEvent(Faults.HANG.label(), S, dependency, from * MS, to * MS, true, dependency + " hung"));
    }

    private void permits(PermitRow row) {
        observations.add(new Observation(BulkheadObservation.PERMITS.label(), S, List.of(row.toMap())));
    }

    private History history() {
        return new History(1, ops, faults, observations);
    }

    /**
     * The invariants that failed or could not decide. One that had nothing to judge is not among
     * them: a hand-written history exercises only some; a test that means one passes says so with
     * {@link #result}.
     */
    private List<String> failed() {
        return BulkheadInvariants.all().stream().map(i -> i.check(history()))
                .filter(r -> r.verdict() == Verdict.FAIL || r.verdict() == Verdict.UNKNOWN)
                .map(InvariantResult::name).toList();
    }

    private InvariantResult result(String name) {
        return BulkheadInvariants.all().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow()
                .check(history());
    }

    @Test
    void twoTimedOutHungCallsWhoseWorkWasInterruptedAFastRejectionAndAHealthyCallPass() {
        hang("apns", 0, 600);
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 251, WorkResult.interrupted(true));
        work(call("firehose", "apns", 5, 255, Ending.TIMEOUT), "apns", 6, 256, WorkResult.interrupted(true));
        call("firehose", "apns", 10, 10, Ending.REJECTED);
        answered("fcm-client", "fcm", 20, 23);
        assertThat(failed()).isEmpty();
        assertThat(result("abandoned-work-interrupted").verdict()).isEqualTo(Verdict.PASS);
        assertThat(result("timeouts-end-calls").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aThirdCallInsideTheDependencyIsReported() {
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 400, WorkResult.returned(false, "x"));
        work(call("firehose", "apns", 5, 255, Ending.TIMEOUT), "apns", 6, 400, WorkResult.returned(false, "x"));
        work(call("firehose", "apns", 260, 510, Ending.TIMEOUT), "apns", 261, 400, WorkResult.returned(false, "x"));
        assertThat(failed()).containsExactly("concurrency-within-limit");
    }

    @Test
    void aCallQueuedWhileTheDependencyWasFullThatTimesOutIsReported() {
        hang("apns", 0, 600);
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 251, WorkResult.interrupted(true));
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 251, WorkResult.interrupted(true));
        call("firehose", "apns", 10, 260, Ending.TIMEOUT);
        assertThat(failed()).containsExactly("rejections-fast-and-typed");
    }

    @Test
    void aCallAdmittedWithRoomThatTimesOutBeforeItsWorkStartsIsAStallNotAQueue() {
        call("fcm-client", "fcm", 10, 260, Ending.TIMEOUT);
        assertThat(failed()).isEmpty();
        assertPass(result("rejections-fast-and-typed"));
    }

    @Test
    void aCallThatWaitsForAPermitWhileTheDependencyStaysFullIsReported() {
        long first = call("hammer-1", "apns", 0, 3000, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(first, "apns", 1, 2999, WorkResult.returned(true, "apns#" + first));
        long second = call("hammer-2", "apns", 0, 3000, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(second, "apns", 2, 2999, WorkResult.returned(true, "apns#" + second));
        long waiting = call("late", "apns", 10, 3005, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(waiting, "apns", 3000, 3004, WorkResult.returned(false, "apns#" + waiting));
        assertThat(failed()).containsExactly("rejections-fast-and-typed");
    }

    @Test
    void aRejectedCallWhoseWorkRanIsReported() {
        work(call("firehose", "apns", 0, 1, Ending.REJECTED), "apns", 1, 3, WorkResult.returned(false, "apns#1"));
        assertThat(failed()).containsExactly("rejections-fast-and-typed");
    }

    @Test
    void aHealthyDependencyThatItsOwnCallersFilledMayRejectDuringAHang() {
        hang("apns", 0, 600);
        answered("fcm-1", "fcm", 10, 200);
        answered("fcm-2", "fcm", 11, 200);
        call("fcm-3", "fcm", 12, 12, Ending.REJECTED);
        assertThat(failed()).isEmpty();
        assertPass(result("others-unaffected-by-hang"));
    }

    @Test
    void callsOutsideTheHangOrToADependencyWithAFaultOfItsOwnAreNotJudgedAsHealthy() {
        hang("apns", 0, 100);
        faults.add(new FaultEvent(Faults.OUTAGE.label(), S, "fcm", 0, 50 * MS, true, "fcm failed"));
        call("fcm-1", "fcm", 20, 21, Ending.FAILED);
        call("fcm-2", "fcm", 300, 300, Ending.REJECTED);
        assertThat(result("others-unaffected-by-hang").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aHealthyCallTheClientCancelledIsNotTheBulkheadsFault() {
        hang("apns", 0, 100);
        call("fcm-1", "fcm", 20, 25, Ending.CANCELLED);
        assertThat(result("others-unaffected-by-hang").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRejectedHealthyCallIsReported() {
        hang("apns", 0, 100);
        call("fcm-client", "fcm", 20, 20, Ending.REJECTED);
        assertThat(failed()).containsExactly("others-unaffected-by-hang");
    }

    @Test
    void aLostPermitIsReported() {
        permits(new PermitRow("apns", 2, 1, 0, PermitRow.Phase.QUIESCENT));
        assertThat(failed()).containsExactly("permits-returned");
    }

    @Test
    void permitsThatIgnoreTheWorksInsideAreReported() {
        permits(new PermitRow("apns", 2, 2, 2, PermitRow.Phase.FULL));
        assertThat(failed()).containsExactly("permits-returned");
        observations.remove(observations.size() - 1);
        permits(new PermitRow("apns", 2, 0, 2, PermitRow.Phase.FULL));
        assertThat(failed()).isEmpty();
        assertPass(result("permits-returned"));
    }

    @Test
    void aRejectedIdleCallIsReported() {
        call("idle-caller", "fcm", 20, 20, Ending.REJECTED);
        assertThat(failed()).containsExactly("idle-dependency-admits");
    }

    @Test
    void aBurstThatAdmitsOneFewerThanTheLimitIsReported() {
        CallArgs burst = new CallArgs("apns", "round-1");
        long first = call("hammer-1", burst, 0, 50, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(first, "apns", 1, 49, WorkResult.returned(true, "apns#" + first));
        call("hammer-2", burst, 0, 1, CallResult.of(Ending.REJECTED));
        call("hammer-3", burst, 0, 1, CallResult.of(Ending.REJECTED));
        assertThat(failed()).containsExactly("admits-up-to-limit");
    }

    @Test
    void aBurstThatAdmitsTheLimitPassesAndNoBurstIsNotExercised() {
        assertThat(result("admits-up-to-limit").verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        CallArgs burst = new CallArgs("apns", "round-1");
        for (int i = 0; i < 2; i++) {
            long call = call("hammer-" + i, burst, 0, 50, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
            work(call, "apns", 1, 49, WorkResult.returned(true, "apns#" + call));
        }
        call("hammer-3", burst, 0, 1, CallResult.of(Ending.REJECTED));
        assertThat(result("admits-up-to-limit").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aSynchronousThrowIsReportedAsNotThroughTheFuture() {
        call("firehose", new CallArgs("apns"), 0, 0, CallResult.other("call() threw BulkheadFullException")
                .answeredSynchronously());
        assertThat(failed()).contains("failures-through-the-future");
    }

    @Test
    void aCallThatTakesLongToReturnOrRunsTheWorkOnTheCallersThreadIsReported() {
        id++;
        ops.add(new Op(id, S, "fcm-client", BulkheadOp.CALL.label(), new CallArgs("fcm").toMap(), 0, 1500 * MS,
                Outcome.OK, CallResult.of(Ending.VALUE).withValue("fcm#" + id).returnedAfter(1500 * MS).toMap(), null));
        long call = id;
        id++;
        ops.add(new Op(id, S, "fcm", BulkheadOp.WORK.label(), new WorkArgs("fcm", call, true).toMap(), MS,
                1499 * MS, Outcome.OK, WorkResult.returned(false, "fcm#" + call).toMap(), null));
        assertThat(result("call-returns-at-once").evidence()).hasSize(2);
        assertViolationsAndContext("call-returns-at-once", List.of(call, call), List.of(id));
        assertThat(failed()).containsExactly("call-returns-at-once");
    }

    @Test
    void aNullWhereTheDependencysValueWasDueIsReported() {
        long call = call("fcm-client", new CallArgs("fcm"), 0, 5, CallResult.of(Ending.VALUE).withValue(null));
        work(call, "fcm", 1, 4, WorkResult.returned(false, "fcm#" + call));
        assertThat(failed()).containsExactly("values-delivered");
    }

    @Test
    void aFailureTurnedIntoAValueOrMaskedByALaterTimeoutIsReported() {
        long asValue = call("fcm-client", new CallArgs("fcm"), 0, 5, CallResult.of(Ending.VALUE).withValue(null));
        work(asValue, "fcm", 1, 2, WorkResult.failed(false, "fcm answered 503"));
        long masked = call("fcm-client", "fcm", 10, 260, Ending.TIMEOUT);
        work(masked, "fcm", 11, 12, WorkResult.failed(false, "fcm answered 503"));
        assertThat(result("values-delivered").evidence()).hasSize(2);
        assertThat(failed()).containsExactly("values-delivered");
    }

    @Test
    void theDependencysOwnFailurePasses() {
        long call = call("fcm-client", "fcm", 0, 3, Ending.FAILED);
        work(call, "fcm", 1, 2, WorkResult.failed(false, "fcm answered 503"));
        assertThat(failed()).isEmpty();
        assertThat(result("values-delivered").verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aTimeoutSoonerThanTheCallTimeoutIsReported() {
        work(call("fcm-client", "fcm", 0, 1, Ending.TIMEOUT), "fcm", 0, 2, WorkResult.returned(false, "x"));
        assertThat(failed()).containsExactly("timeouts-end-calls");
    }

    @Test
    void aHungCallThatTheTimeoutDidNotEndIsReported() {
        hang("apns", 0, 1600);
        long call = call("timeout-client", new CallArgs("apns"), 0, 1601, CallResult.of(Ending.VALUE)
                .withValue("apns#" + (id + 1)));
        work(call, "apns", 1, 1600, WorkResult.returned(true, "apns#" + call));
        assertThat(failed()).containsExactly("timeouts-end-calls");
    }

    @Test
    void aHungCallThatTheRecoveryEndedBeforeItsTimeoutWasDueIsNotJudged() {
        hang("apns", 0, 100);
        long call = call("firehose", new CallArgs("apns"), 50, 101, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(call, "apns", 51, 100, WorkResult.returned(true, "apns#" + call));
        assertThat(failed()).isEmpty();
        assertThat(result("timeouts-end-calls").verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void timedOutOrCancelledWorkLeftInsideTheHungDependencyIsReported() {
        hang("apns", 0, 900);
        work(call("timeout-client", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 900, WorkResult.returned(true, "x"));
        work(call("cancel-client", "apns", 300, 320, Ending.CANCELLED), "apns", 301, 900,
                WorkResult.returned(true, "y"));
        assertThat(result("abandoned-work-interrupted").evidence()).hasSize(2);
        assertThat(failed()).containsExactly("abandoned-work-interrupted");
    }

    @Test
    void workAbandonedJustBeforeTheRecoveryIsNotJudged() {
        hang("apns", 0, 300);
        work(call("firehose", "apns", 40, 290, Ending.TIMEOUT), "apns", 41, 300, WorkResult.returned(true, "x"));
        assertThat(result("abandoned-work-interrupted").verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void aCallThatNeverCompletesIsAnUnexpectedOutcome() {
        id++;
        ops.add(new Op(id, S, "fcm-client", BulkheadOp.CALL.label(), new CallArgs("fcm").toMap(), 0, 10 * MS,
                Outcome.INFO, null, "never completed"));
        assertThat(failed()).contains("no-unexpected-outcomes");
    }

    private void stalled(long from, long to) {
        observations.add(new Observation(BulkheadObservation.STALLS.label(), S,
                List.of(new StallRow(from * MS, to * MS).toMap())));
    }

    @Test
    void timeTheMachineStalledDoesNotCountAgainstABound() {
        call("firehose", "apns", 0, 1300, Ending.REJECTED);
        hang("apns", 0, 600);
        for (int i = 0; i < 3; i++) {
            answered("fcm-client", "fcm", 10 * i, 10 * i + 3);
        }
        call("fcm-client", "fcm", 100, 400, Ending.TIMEOUT);
        assertThat(failed()).containsExactlyInAnyOrder("rejections-fast-and-typed", "others-unaffected-by-hang");
        stalled(50, 1250);
        assertThat(failed()).isEmpty();
    }

    @Test
    void anIdleCallThatTimesOutIsNotALostPermit() {
        call("idle-caller", "fcm", 20, 270, Ending.TIMEOUT);
        assertThat(result("idle-dependency-admits").verdict()).isEqualTo(Verdict.PASS);
    }

    private void assertViolationsAndContext(String invariant, List<Long> violating, List<Long> context) {
        InvariantResult result = result(invariant);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).as("violations").flatExtracting(e -> e.opIds())
                .containsExactlyInAnyOrderElementsOf(violating);
        assertThat(result.evidence()).as("context").flatExtracting(e -> e.contextIds())
                .containsExactlyInAnyOrderElementsOf(context);
    }

    @Test
    void theWorkThatEnteredAFullDependencyIsTheViolationNotTheTwoThatWereThereFirst() {
        long first = work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 400, WorkResult.returned(false, "x"));
        long second = work(call("firehose", "apns", 5, 255, Ending.TIMEOUT), "apns", 6, 400, WorkResult.returned(false, "x"));
        long third = work(call("firehose", "apns", 260, 510, Ending.TIMEOUT), "apns", 261, 400, WorkResult.returned(false, "x"));
        assertViolationsAndContext("concurrency-within-limit", List.of(third), List.of(first, second));
    }

    @Test
    void theCallsOfABurstThatWereTurnedAwayAreTheViolationNotTheOneAdmitted() {
        CallArgs burst = new CallArgs("apns", "round-1");
        long admitted = call("hammer-1", burst, 0, 50, CallResult.of(Ending.VALUE).withValue("apns#" + (id + 1)));
        work(admitted, "apns", 1, 49, WorkResult.returned(true, "apns#" + admitted));
        long second = call("hammer-2", burst, 0, 1, CallResult.of(Ending.REJECTED));
        long third = call("hammer-3", burst, 0, 1, CallResult.of(Ending.REJECTED));
        assertViolationsAndContext("admits-up-to-limit", List.of(second, third), List.of(admitted));
    }

    @Test
    void theWorkOfARejectedCallIsTheViolation() {
        long rejected = call("firehose", "apns", 0, 1, Ending.REJECTED);
        long ran = work(rejected, "apns", 1, 3, WorkResult.returned(false, "apns#1"));
        assertViolationsAndContext("rejections-fast-and-typed", List.of(ran), List.of(rejected));
    }

    @Test
    void theCallTheTimeoutDidNotEndIsTheViolationNotItsHungWork() {
        hang("apns", 0, 1600);
        long call = call("timeout-client", new CallArgs("apns"), 0, 1601, CallResult.of(Ending.VALUE)
                .withValue("apns#" + (id + 1)));
        long hung = work(call, "apns", 1, 1600, WorkResult.returned(true, "apns#" + call));
        assertViolationsAndContext("timeouts-end-calls", List.of(call), List.of(hung));
    }

    @Test
    void theWorkLeftRunningIsTheViolationNotTheCallThatEnded() {
        hang("apns", 0, 900);
        long timedOut = call("timeout-client", "apns", 0, 250, Ending.TIMEOUT);
        long left = work(timedOut, "apns", 1, 900, WorkResult.returned(true, "x"));
        assertViolationsAndContext("abandoned-work-interrupted", List.of(left), List.of(timedOut));
    }

    @Test
    void theCallThatMisreportedItsWorkIsTheViolationNotTheWork() {
        long asValue = call("fcm-client", new CallArgs("fcm"), 0, 5, CallResult.of(Ending.VALUE).withValue(null));
        work(asValue, "fcm", 1, 2, WorkResult.failed(false, "fcm answered 503"));
        long masked = call("fcm-client", "fcm", 10, 260, Ending.TIMEOUT);
        long failed = work(masked, "fcm", 11, 12, WorkResult.failed(false, "fcm answered 503"));
        assertViolationsAndContext("values-delivered", List.of(asValue, masked), List.of(failed));
    }
}
