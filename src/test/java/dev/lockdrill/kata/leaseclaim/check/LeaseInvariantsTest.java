package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeasesAsAsked;
import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.leaseclaim.LeaseClaimKata;
import dev.lockdrill.kata.leaseclaim.protocol.ClaimCall;
import dev.lockdrill.kata.leaseclaim.protocol.Claimed;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseCall;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseOp;
import dev.lockdrill.report.Timeline;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static dev.lockdrill.testing.VerdictAssertions.assertFail;
import static org.assertj.core.api.Assertions.assertThat;

class LeaseInvariantsTest {

    @Test
    void reclaimAfterExpiryIsNoOverlap() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 200_000, 400_000).finish(1, "worker-2", "done", 250_000).end().build();
        assertPass(new LeasesNeverOverlap().check(history));
    }

    @Test
    void claimWhileLeaseLiveIsOverlap() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 150_000, 350_000).end().build();
        InvariantResult result = new LeasesNeverOverlap().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("worker-2 claimed s/1").contains("50.0 ms");
    }

    @Test
    void extensionMovesTheExpiryOthersMustWaitFor() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .extend(1, "worker-1", 150_000, 350_000).claim(1, "worker-2", 11, 300_000, 500_000).end().build();
        assertFail(new LeasesNeverOverlap().check(history));
    }

    @Test
    void claimingAFinishedRowIsOverlap() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .finish(1, "worker-1", "done", 10_000).claim(1, "worker-2", 11, 500_000, 700_000).end().build();
        assertThat(new LeasesNeverOverlap().check(history).evidence().get(0).text()).contains("already finished");
    }

    @Test
    void staleWorkerCompletingIsCaught() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 210_000, 410_000).finish(1, "worker-1", "done", 300_000).end().build();
        InvariantResult result = new OnlyLeaseHolderWrites().check(history);
        assertFail(result);
        assertThat(result.evidence().get(0).text()).contains("worker-1 marked done s/1").contains("worker-2");
    }

    @Test
    void holderCompletingPasses() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .extend(1, "worker-1", 100_000, 300_000).finish(1, "worker-1", "failed", 250_000).end().build();
        assertPass(new OnlyLeaseHolderWrites().check(history));
    }

    @Test
    void changingAFinishedRowIsCaught() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .finish(1, "worker-1", "done", 100_000).finish(1, "worker-1", "done", 120_000).end().build();
        assertThat(new OnlyLeaseHolderWrites().check(history).evidence().get(0).text())
                .contains("already been finished");
    }

    @Test
    void completeReturningTrueWithoutTheTableChangingFails() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 210_000, 410_000).finish(1, "worker-1", "done", 300_000).end()
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "done").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, true))
                .build();
        assertThat(new CompletionsMatchStorage().check(history).evidence().get(0).text())
                .contains("returned true, but the table shows no such change");
    }

    @Test
    void staleCompleteReturningFalseMatchesStorage() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 210_000, 410_000).finish(1, "worker-2", "done", 300_000).end()
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "done").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, false))
                .op("worker-2", LeaseOp.COMPLETE, new LeaseCall(1, 11, "done").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, true))
                .build();
        assertPass(new CompletionsMatchStorage().check(history));
    }

    @Test
    void claimMustReturnExactlyWhatItLeased() {
        History returnedUnleased = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000).end()
                .op("worker-1", LeaseOp.CLAIM, new ClaimCall(2).toMap(), Outcome.OK, new Claimed(List.of(
                        new Claimed.Lease(1, 10), new Claimed.Lease(2, 12))).toMap())
                .build();
        History leasedUnreturned = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000).end()
                .op("worker-1", LeaseOp.CLAIM, new ClaimCall(2).toMap(), Outcome.OK, new Claimed(List.of()).toMap())
                .build();
        assertThat(new ClaimsMatchStorage().check(returnedUnleased).evidence().get(0).text())
                .contains("never gave it that lease");
        assertThat(new ClaimsMatchStorage().check(leasedUnreturned).evidence().get(0).text())
                .contains("never returned that row");
    }

    @Test
    void claimReturningMoreRowsThanItsMaxFails() {
        History tooMany = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(2, "worker-1", 11, 0, 200_000).end()
                .op("worker-1", LeaseOp.CLAIM, new ClaimCall(1).toMap(), Outcome.OK, new Claimed(List.of(
                        new Claimed.Lease(1, 10), new Claimed.Lease(2, 11))).toMap())
                .build();
        InvariantResult result = new ClaimsMatchStorage().check(tooMany);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).singleElement().satisfies(e -> assertThat(e.text())
                .contains("claim(max 1)", "returned 2 rows"));
        History withinMax = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000).end()
                .op("worker-1", LeaseOp.CLAIM, new ClaimCall(3).toMap(), Outcome.OK, new Claimed(List.of(
                        new Claimed.Lease(1, 10))).toMap())
                .build();
        assertThat(new ClaimsMatchStorage().check(withinMax).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRepeatedCompleteThatSaysFalseIsNotBlamedForTheChangeItsFirstSendingMade() {
        History repeated = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .finish(1, "worker-1", "failed", 100_000).end()
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "failed").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, true))
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "failed").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, false))
                .build();
        assertPass(new CompletionsMatchStorage().check(repeated));
        History alone = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .finish(1, "worker-1", "failed", 100_000).end()
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "failed").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, false))
                .build();
        assertThat(new CompletionsMatchStorage().check(alone).evidence().get(0).text())
                .contains("returned false, but the table was changed");
    }

    @Test
    void aRowTheCrashedWorkerHadFinishedNeedNotComeBack() {
        History history = new LeaseHistory().claim(1, "worker-3", 10, 0, 300_000)
                .finish(1, "worker-3", "done", 100_000).end().fault(Faults.CRASH, "worker-3").build();
        assertPass(new CrashedClaimsReclaimed().check(history));
        History tokenCleared = new LeaseHistory().claim(1, "worker-3", 10, 0, 300_000)
                .finishClearingToken(1, "worker-3", "done", 100_000).end().fault(Faults.CRASH, "worker-3").build();
        assertPass(new CrashedClaimsReclaimed().check(tokenCleared));
    }

    @Test
    void crashedWorkersRowsMustComeBackAfterExpiry() {
        History never = new LeaseHistory().claim(1, "worker-3", 10, 0, 300_000).end().fault(Faults.CRASH, "worker-3")
                .build();
        History early = new LeaseHistory().claim(1, "worker-3", 10, 0, 300_000)
                .claim(1, "worker-4", 11, 100_000, 400_000).end().fault(Faults.CRASH, "worker-3").build();
        History onTime = new LeaseHistory().claim(1, "worker-3", 10, 0, 300_000)
                .claim(1, "worker-4", 11, 310_000, 610_000).finish(1, "worker-4", "done", 320_000).end()
                .fault(Faults.CRASH, "worker-3").build();
        assertThat(new CrashedClaimsReclaimed().check(never).evidence().get(0).text()).contains("never claimed again");
        assertThat(new CrashedClaimsReclaimed().check(early).evidence().get(0).text())
                .contains("before its lease ran out");
        assertPass(new CrashedClaimsReclaimed().check(onTime));
    }

    @Test
    void everyRowMustEndFinishedWithAttemptsEqualToClaims() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000).claim(2, "worker-1", 11, 0, 300_000)
                .finish(2, "worker-1", "done", 1_000).end().build();
        assertThat(new EveryRowFinished().check(history).evidence()).hasSize(1);
        assertPass(new AttemptsCountClaims().check(history));
    }

    @Test
    void aLeaseOfTheRequestedLengthPasses() {
        History history = new LeaseHistory().asked("worker-1", 200_000).claim(1, "worker-1", 10, 0, 200_000)
                .extend(1, "worker-1", 100_000, 300_000).end().build();
        assertPass(new LeasesAsAsked(true).check(history));
    }

    @Test
    void aLeaseWrittenShorterLongerOrAlreadyOverFails() {
        History over = new LeaseHistory().asked("worker-1", 200_000).claim(1, "worker-1", 10, 5_000, 5_000).end()
                .build();
        History shorter = new LeaseHistory().asked("worker-1", 200_000).claim(1, "worker-1", 10, 0, 100_000).end()
                .build();
        History longer = new LeaseHistory().asked("worker-1", 200_000).claim(1, "worker-1", 10, 0, 200_000)
                .extend(1, "worker-1", 100_000, 400_000).end().build();
        assertThat(new LeasesAsAsked(true).check(over).evidence().get(0).text()).contains("over before its transaction began");
        assertThat(new LeasesAsAsked(true).check(shorter).evidence().get(0).text()).contains("shorter than asked");
        assertThat(new LeasesAsAsked(true).check(longer).evidence().get(0).text()).contains("longer than asked");
        assertPass(new LeasesAsAsked(false).check(longer));
    }

    @Test
    void leasesAsAskedHasNothingToJudgeWithoutAKnownRequest() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 100_000).end().build();
        assertThat(new LeasesAsAsked(true).check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void aStaleTokenOfAWorkerWithTheSameNameIsNotTheHoldersAnswer() {
        History history = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-1", 11, 250_000, 450_000).finish(1, "worker-1", "done", 300_000).end()
                .op("worker-1", LeaseOp.COMPLETE, new LeaseCall(1, 10, "done").toMap(), Outcome.OK,
                        Map.of(Op.ACCEPTED, true))
                .build();
        assertFail(new CompletionsMatchStorage().check(history));
    }

    @Test
    void aWriteWithoutALeaseIsAllowedOnlyWhereARowLockMayStandIn() {
        History history = new LeaseHistory().finish(1, "worker-1", "sent", 10_000).end().build();
        assertFail(new OnlyLeaseHolderWrites().check(history));
        assertPass(new OnlyLeaseHolderWrites(false).check(history));
    }

    /** Two holders at once is read from the audit trail, which names no operation: the swimlane is the kata's lesson. */
    @Test
    void anOverlapNamesNoOperationSoTheSwimlaneShowsTheLessonScenario() {
        History audit = new LeaseHistory().claim(1, "worker-1", 10, 0, 200_000)
                .claim(1, "worker-2", 11, 150_000, 350_000).end().build();
        InvariantResult overlap = new LeasesNeverOverlap().check(audit);
        assertThat(overlap.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(overlap.evidence()).allSatisfy(e -> assertThat(e.opIds()).isEmpty());
        String lesson = new LeaseClaimKata().lessonScenario();
        History run = new History(1, List.of(claim(1, "contended-row"), claim(2, lesson)), audit.faults(),
                audit.observations());
        assertThat(Timeline.teaching(run, List.of(overlap), lesson)).get().extracting(Timeline::scenario)
                .isEqualTo("paused-past-lease");
    }

    private static Op claim(long id, String scenario) {
        return new Op(id, scenario, "worker-1", LeaseOp.CLAIM.label(), Map.of(), id, id + 1, Outcome.OK, Map.of(),
                null);
    }
}
