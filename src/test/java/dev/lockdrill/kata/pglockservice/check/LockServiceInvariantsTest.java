package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static org.assertj.core.api.Assertions.assertThat;

class LockServiceInvariantsTest {

    @Test
    void grantWhileAnotherLeaseIsCertainlyLiveFails() {
        History history = new LockHistory()
                .granted("worker-1", 10, 1000, 0, 5)
                .granted("worker-2", 11, 1000, 100, 110)
                .build();
        InvariantResult result = new OneLiveHolder().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(result.evidence().size() - 1).text()).contains("two live holders");
    }

    @Test
    void grantAfterExpiryOrReleasePasses() {
        History history = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .granted("worker-2", 11, 300, 310, 320)
                .release("worker-2", 11, true, 330, 335)
                .granted("worker-3", 12, 300, 340, 345)
                .build();
        assertPass(new OneLiveHolder().check(history));
        assertPass(new TokensStrictlyIncrease().check(history));
        assertPass(new FreeLockCanBeAcquired().check(history));
    }

    @Test
    void renewDuringTheLeaseExtendsItButARenewAfterExpiryDoesNot() {
        History extended = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .renew("worker-1", 10, 300, true, 200, 210)
                .granted("worker-2", 11, 300, 400, 410)
                .build();
        assertThat(new OneLiveHolder().check(extended).verdict()).isEqualTo(Verdict.FAIL);
        History late = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .granted("worker-2", 11, 300, 320, 330)
                .renew("worker-1", 10, 300, true, 700, 710)
                .build();
        assertPass(new OneLiveHolder().check(late));
    }

    @Test
    void sameTokenForTwoGrantsFails() {
        History history = new LockHistory()
                .granted("worker-2", 11, 300, 10, 20)
                .release("worker-2", 11, true, 30, 40)
                .granted("worker-1", 11, 300, 0, 50)
                .build();
        InvariantResult result = new TokensStrictlyIncrease().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("the same token twice");
    }

    @Test
    void releasingASupersededLeaseFails() {
        History history = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .granted("worker-2", 11, 5000, 320, 330)
                .release("worker-1", 10, true, 700, 710)
                .build();
        InvariantResult result = new OnlyCurrentLeaseActs().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("already superseded by token 11");
    }

    @Test
    void refusingAnExpiredLockFailsButRefusingAHeldOneDoesNot() {
        History history = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .refused("worker-2", 300, 100, 110)
                .refused("worker-2", 300, 800, 810)
                .build();
        InvariantResult result = new FreeLockCanBeAcquired().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).singleElement()
                .satisfies(e -> assertThat(e.text()).contains("the lock was free"));
    }

    @Test
    void aLaterRenewDoesNotExcuseAnEarlierRefusal() {
        History history = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .refused("worker-2", 300, 800, 810)
                .renew("worker-1", 10, 300, true, 900, 910)
                .build();
        assertThat(new FreeLockCanBeAcquired().check(history).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void staleHolderWriteAcceptedAfterAnEqualTokenFails() {
        History history = new LockHistory()
                .write("worker-2", 11, true, 10, 20)
                .write("worker-1", 11, true, 30, 40)
                .write("worker-3", 12, true, 50, 60)
                .build();
        InvariantResult result = new StaleHolderFenced().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(1);
    }

    @Test
    void onlyTheFirstCallAfterAKillMayFail() {
        History history = new LockHistory()
                .granted("worker-1", 10, 3000, 0, 5)
                .kill("worker-1", 10)
                .failedRelease("worker-1", 10, 20, 25)
                .failedRelease("worker-1", 10, 30, 35)
                .build();
        InvariantResult result = LockServiceInvariants.noUnexpectedErrors().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).singleElement().satisfies(e -> assertThat(e.opIds()).containsExactly(3L));
    }

    @Test
    void aCallTheKillStruckInFlightDoesNotUseUpTheFirstCallAfterIt() {
        History history = new LockHistory()
                .granted("worker-1", 10, 3000, 5, 15)
                .kill("worker-1", 10)
                .failedRelease("worker-1", 10, 20, 25)
                .failedRelease("worker-1", 10, 30, 35)
                .build();
        InvariantResult result = LockServiceInvariants.noUnexpectedErrors().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).singleElement().satisfies(e -> assertThat(e.opIds()).containsExactly(3L));
    }

    @Test
    void aRenewAskingLessThanWasLeftShortensTheLease() {
        History shortened = new LockHistory()
                .granted("worker-1", 10, 600, 0, 5)
                .renew("worker-1", 10, 100, true, 10, 15)
                .granted("worker-2", 11, 300, 200, 210)
                .build();
        assertPass(new OneLiveHolder().check(shortened));
        History tooEarly = new LockHistory()
                .granted("worker-1", 10, 600, 0, 5)
                .renew("worker-1", 10, 300, true, 10, 15)
                .granted("worker-2", 11, 300, 200, 210)
                .build();
        assertThat(new OneLiveHolder().check(tooEarly).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aRefusalAfterAShortenedLeaseEndedFails() {
        History neverShortened = new LockHistory()
                .granted("worker-1", 10, 600, 0, 5)
                .renew("worker-1", 10, 1200, true, 100, 105)
                .renew("worker-1", 10, 100, true, 700, 705)
                .refused("worker-2", 300, 1000, 1010)
                .build();
        InvariantResult result = new FreeLockCanBeAcquired().check(neverShortened);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).singleElement().satisfies(e -> assertThat(e.opIds()).containsExactly(4L));
        History stillLive = new LockHistory()
                .granted("worker-1", 10, 600, 0, 5)
                .renew("worker-1", 10, 1200, true, 100, 105)
                .renew("worker-1", 10, 100, true, 700, 705)
                .refused("worker-2", 300, 850, 860)
                .build();
        assertThat(new FreeLockCanBeAcquired().check(stillLive).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void overlappingRenewsMayEitherHaveTakenEffectLast() {
        History overlapping = new LockHistory()
                .granted("worker-1", 10, 600, 0, 5)
                .renew("worker-1", 10, 1200, true, 100, 400)
                .renew("worker-1", 10, 100, true, 200, 205)
                .refused("worker-2", 300, 1000, 1010)
                .build();
        assertThat(new FreeLockCanBeAcquired().check(overlapping).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void lowerTokenGrantedAfterAHigherOneWhileItsCallOverlappedFails() {
        History history = new LockHistory()
                .granted("worker-1", 93, 3000, 0, 60)
                .granted("worker-2", 94, 3000, 10, 20)
                .release("worker-2", 94, true, 30, 40)
                .build();
        InvariantResult result = new TokensStrictlyIncrease().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("took effect after that grant", "lower token");
    }

    @Test
    void overlappingGrantsWhoseLowerLeaseMayHaveEndedFirstPass() {
        History expired = new LockHistory()
                .granted("worker-1", 93, 5, 0, 30)
                .granted("worker-2", 94, 3000, 10, 20)
                .build();
        assertPass(new TokensStrictlyIncrease().check(expired));
        History inOrder = new LockHistory()
                .granted("worker-1", 93, 3000, 0, 5)
                .release("worker-1", 93, true, 6, 8)
                .granted("worker-2", 94, 3000, 4, 20)
                .build();
        assertPass(new TokensStrictlyIncrease().check(inOrder));
    }

    @Test
    void lockTableTakingALowerGrantedTokenAfterAHigherOneFails() {
        History history = new LockHistory()
                .granted("worker-2", 94, 5, 10, 20)
                .granted("worker-1", 93, 5, 0, 60)
                .tableTook(94, "worker-2")
                .tableTook(0, "worker-1")
                .tableTook(93, "worker-1")
                .build();
        InvariantResult result = new TokensStrictlyIncrease().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("locks table took token 93", "after it had taken token 94");
    }

    @Test
    void overlappingCallsWhoseLaterTableWriteTookALiveLeaseFailOneLiveHolder() {
        // worker-1 looked first and wrote last: its call spans worker-2's, so only the table's order
        // of writes shows worker-2's lease was taken over while it was live.
        History history = new LockHistory()
                .granted("worker-2", 94, 10_000, 10, 20)
                .granted("worker-1", 95, 10_000, 0, 60)
                .release("worker-2", 94, false, 70, 75)
                .tableTook(94, "worker-2")
                .tableTook(95, "worker-1")
                .build();
        InvariantResult result = new OneLiveHolder().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(result.evidence().size() - 1).text())
                .contains("took its token after worker-2's", "two live holders");
    }

    @Test
    void overlappingCallsWhoseTakenLeaseMayHaveBeenReleasedOrExpiredPass() {
        History released = new LockHistory()
                .granted("worker-2", 94, 10_000, 10, 20)
                .release("worker-2", 94, true, 22, 25)
                .granted("worker-1", 95, 10_000, 0, 60)
                .tableTook(94, "worker-2")
                .tableTook(95, "worker-1")
                .build();
        assertPass(new OneLiveHolder().check(released));
        History expired = new LockHistory()
                .granted("worker-2", 94, 5, 10, 20)
                .granted("worker-1", 95, 10_000, 0, 60)
                .tableTook(94, "worker-2")
                .tableTook(95, "worker-1")
                .build();
        assertPass(new OneLiveHolder().check(expired));
    }

    @Test
    void tokenOrderWithFewerThanTwoGrantsIsNotExercised() {
        History history = new LockHistory().granted("worker-1", 93, 3000, 0, 5).build();
        assertThat(new TokensStrictlyIncrease().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void refusingToRenewTheCurrentLiveLeaseFails() {
        History history = new LockHistory()
                .granted("worker-1", 10, 400, 0, 5)
                .renew("worker-1", 10, 400, true, 150, 155)
                .renew("worker-1", 10, 400, false, 300, 305)
                .build();
        InvariantResult result = new CurrentLeaseActs().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(1);
        assertThat(result.evidence().get(0).text()).contains("the current lease was refused");
    }

    @Test
    void aRenewWhoseReplyWasLostMayHaveShortenedTheLease() {
        // the explorer's schedule 43: a 77 ms renew lost its reply after it committed, the worker
        // renewed again once the shortened lease had run out and was rightly refused
        History shortened = new LockHistory()
                .granted("worker-1", 10, 523, 0, 5)
                .failedRenew("worker-1", 10, 77, 200, 230)
                .renew("worker-1", 10, 77, false, 316, 320)
                .build();
        assertThat(new CurrentLeaseActs().check(shortened).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        History stillLive = new LockHistory()
                .granted("worker-1", 10, 523, 0, 5)
                .failedRenew("worker-1", 10, 400, 200, 230)
                .renew("worker-1", 10, 77, false, 316, 320)
                .build();
        assertThat(new CurrentLeaseActs().check(stillLive).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void refusingARenewAfterExpiryOrAfterAnotherGrantPasses() {
        History expired = new LockHistory()
                .granted("worker-1", 10, 400, 0, 5)
                .renew("worker-1", 10, 400, false, 420, 425)
                .release("worker-1", 10, false, 430, 435)
                .build();
        assertThat(new CurrentLeaseActs().check(expired).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        History superseded = new LockHistory()
                .granted("worker-1", 10, 400, 0, 5)
                .renew("worker-1", 10, 400, true, 100, 105)
                .granted("worker-2", 11, 400, 200, 205)
                .renew("worker-1", 10, 400, false, 300, 305)
                .build();
        assertThat(new CurrentLeaseActs().check(superseded).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void renewingOrReleasingAReleasedLeaseFails() {
        History history = new LockHistory()
                .granted("worker-1", 10, 3000, 0, 5)
                .release("worker-1", 10, true, 10, 15)
                .renew("worker-1", 10, 3000, true, 20, 25)
                .build();
        InvariantResult result = new OnlyCurrentLeaseActs().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("had already been released");
        History refused = new LockHistory()
                .granted("worker-1", 10, 3000, 0, 5)
                .release("worker-1", 10, true, 10, 15)
                .renew("worker-1", 10, 3000, false, 20, 25)
                .release("worker-1", 10, false, 30, 35)
                .build();
        assertPass(new OnlyCurrentLeaseActs().check(refused));
    }

    /** Only the second grant, the stale call or the stale write is a violation; what they are judged against is context. */
    @Test
    void evidenceMarksTheOffenderAsTheViolationAndWhatItIsJudgedAgainstAsContext() {
        History twoHolders = new LockHistory()
                .granted("worker-1", 10, 1000, 0, 5)
                .granted("worker-2", 11, 1000, 100, 110)
                .build();
        assertViolationAndContext(new OneLiveHolder().check(twoHolders), 2L, 1L);

        History superseded = new LockHistory()
                .granted("worker-1", 10, 300, 0, 5)
                .granted("worker-2", 11, 5000, 320, 330)
                .release("worker-1", 10, true, 700, 710)
                .build();
        assertViolationAndContext(new OnlyCurrentLeaseActs().check(superseded), 3L, 2L);

        History released = new LockHistory()
                .granted("worker-1", 10, 3000, 0, 5)
                .release("worker-1", 10, true, 10, 15)
                .renew("worker-1", 10, 3000, true, 20, 25)
                .build();
        assertViolationAndContext(new OnlyCurrentLeaseActs().check(released), 3L, 2L);

        History refusedRenew = new LockHistory()
                .granted("worker-1", 10, 400, 0, 5)
                .renew("worker-1", 10, 400, false, 300, 305)
                .build();
        assertViolationAndContext(new CurrentLeaseActs().check(refusedRenew), 2L, 1L);

        History sameToken = new LockHistory()
                .granted("worker-2", 11, 300, 10, 20)
                .release("worker-2", 11, true, 30, 40)
                .granted("worker-1", 11, 300, 0, 50)
                .build();
        assertViolationAndContext(new TokensStrictlyIncrease().check(sameToken), 3L, 1L);

        History staleWrite = new LockHistory()
                .write("worker-2", 11, true, 10, 20)
                .write("worker-1", 11, true, 30, 40)
                .build();
        assertViolationAndContext(new StaleHolderFenced().check(staleWrite), 2L, 1L);
    }

    private static void assertViolationAndContext(InvariantResult result, long violating, long context) {
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        List<Long> violations = result.evidence().stream().flatMap(e -> e.opIds().stream()).toList();
        List<Long> named = result.evidence().stream().flatMap(e -> e.contextIds().stream()).toList();
        assertThat(violations).as("violating ops").containsOnly(violating);
        assertThat(named).as("context ops").contains(context);
    }

    @Test
    void aGrantTheTableTookMustBeAnsweredAsAGrantUnlessTheCallFailed() {
        History refusedButGranted = new LockHistory().tableTook(0, "worker-1", false).tableTook(41, "worker-1")
                .refused("worker-1", 500, 0, 10).build();
        assertThat(new GrantsMatchTable().check(refusedButGranted).evidence()).singleElement()
                .satisfies(e -> assertThat(e.text()).contains("token 41", "worker-1"));
        History answered = new LockHistory().tableTook(0, "worker-1", false).tableTook(41, "worker-1")
                .granted("worker-1", 41, 500, 0, 10).build();
        assertPass(new GrantsMatchTable().check(answered));
        History unknown = new LockHistory().tableTook(41, "worker-1").failedAcquire("worker-1", 500, 0, 10)
                .refused("worker-1", 500, 20, 30).build();
        assertPass(new GrantsMatchTable().check(unknown));
        History otherWorkersGrant = new LockHistory().tableTook(41, "worker-2").granted("worker-2", 41, 500, 0, 10)
                .refused("worker-1", 500, 20, 30).build();
        assertPass(new GrantsMatchTable().check(otherWorkersGrant));
    }
}
