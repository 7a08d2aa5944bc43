package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.redlock.protocol.Roles;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockdrill.kata.redlock.check.RedlockHistory.free;
import static dev.lockdrill.kata.redlock.check.RedlockHistory.nodes;
import static org.assertj.core.api.Assertions.assertThat;

/** The redlock invariants on hand-written histories: each one catches its bug and accepts the correct run. */
class RedlockInvariantsTest {
    private static final String V1 = "value-one";
    private static final String V2 = "value-two";

    @Test
    void leaseHeldOnOnlyTwoNodesIsNoMajority() {
        var history = new RedlockHistory().granted("w-1", V1, 1000, 900, 0, 10, nodes(V1, V1, "", "", "")).build();
        InvariantResult result = new MajorityBeforeHolding().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("only 2 of 5");
    }

    @Test
    void aGrantARestartOrATtlCutOverlappedIsNotJudgedByTheNodesReadAfterIt() {
        for (String kind : java.util.List.of(dev.lockdrill.kata.redlock.protocol.RedlockFaults.NODE_RESTART.label(),
                dev.lockdrill.history.Faults.CLOCK_JUMP.label())) {
            var during = new RedlockHistory().granted("w-1", V1, 1000, 900, 0, 10, nodes(V1, V1, "", "", ""))
                    .fault(kind, 5).build();
            assertThat(new MajorityBeforeHolding().check(during).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
            var later = new RedlockHistory().granted("w-1", V1, 1000, 900, 0, 10, nodes(V1, V1, "", "", ""))
                    .fault(kind, 50).build();
            assertThat(new MajorityBeforeHolding().check(later).verdict()).isEqualTo(Verdict.FAIL);
        }
    }

    @Test
    void leaseHeldOnThreeNodesIsAMajority() {
        var history = new RedlockHistory().granted("w-1", V1, 1000, 900, 0, 10, nodes(V1, V1, V1, "", "")).build();
        assertThat(new MajorityBeforeHolding().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void validityOfTheWholeTtlIgnoresTheTimeSpentAcquiring() {
        var history = new RedlockHistory().granted("w-1", V1, 1000, 1000, 0, 50, nodes(V1, V1, V1, V1, V1))
                .command("w-1", "A", List.of("SET", RedlockHistory.KEY, V1, "NX", "PX", "1000"), 1, 41)
                .command("w-1", "B", List.of("SET", RedlockHistory.KEY, V1, "NX", "PX", "1000"), 41, 42).build();
        InvariantResult result = new ValidityAccountsForTime().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("at least 41 ms").contains("at most 950 ms");
    }

    @Test
    void validityLessElapsedAndDriftPasses() {
        var history = new RedlockHistory().granted("w-1", V1, 1000, 947, 0, 50, nodes(V1, V1, V1, V1, V1))
                .command("w-1", "A", List.of("SET", RedlockHistory.KEY, V1, "NX", "PX", "1000"), 1, 42).build();
        assertThat(new ValidityAccountsForTime().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void validityCountedBeforeAPauseBetweenTheMajorityAndTheReturnIsCaught() {
        // The last SET was answered at 12 ms, but acquire returned at 600 ms (stopped before its token).
        var history = new RedlockHistory().grantedReturning("w-a", V1, 500, 480, 0, 600, 602, free())
                .command("w-a", "A", List.of("SET", RedlockHistory.KEY, V1, "NX", "PX", "500"), 1, 12).build();
        InvariantResult result = new ValidityAccountsForTime().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("returned 599 ms after its first SET");
    }

    @Test
    void validityCountedToTheReturnPasses() {
        var history = new RedlockHistory().grantedReturning("w-a", V1, 500, 470, 0, 20, 22, nodes(V1, V1, V1, V1, V1))
                .command("w-a", "A", List.of("SET", RedlockHistory.KEY, V1, "NX", "PX", "500"), 1, 12).build();
        assertThat(new ValidityAccountsForTime().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void releaseThatDeletesAValueSetBetweenItsOwnCommandsIsCaught() {
        var history = new RedlockHistory().release("w-1", V1, 0, 10, nodes(V1, V1, V1, "", ""),
                nodes("", "", "", "", "")).planted("A", V2, 4).build();
        InvariantResult result = new ReleaseKeepsOtherValues().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("between two of the release's own commands");
    }

    @Test
    void releaseThatKeepsAValueSetBetweenItsOwnCommandsPasses() {
        var history = new RedlockHistory().release("w-1", V1, 0, 10, nodes(V1, V1, V1, "", ""),
                nodes(V2, "", "", "", "")).planted("A", V2, 4).build();
        assertThat(new ReleaseKeepsOtherValues().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void failedAcquireThatLeavesItsValueOnANodeIsCaught() {
        String foreign = "foreign";
        var history = new RedlockHistory().refused("w-1", 1000, false, 0, 10,
                        nodes("", "", foreign, foreign, foreign), nodes("left-over", "", foreign, foreign, foreign))
                .command("w-1", "A", List.of("SET", RedlockHistory.KEY, "left-over", "NX", "PX", "1000"), 1, 2)
                .build();
        InvariantResult result = new FailedAcquisitionUnlocks().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("node A");
    }

    @Test
    void aSetTheNetworkDeliveredAfterTheClientGaveUpIsNotTheClientsFault() {
        var history = new RedlockHistory().refused("w-1", 1000, false, 0, 10, free(), nodes("late", "", "", "", ""))
                .command("w-1", "A", List.of("SET", RedlockHistory.KEY, "late", "NX", "PX", "1000"), 1, 600)
                .build();
        assertThat(new FailedAcquisitionUnlocks().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void failedAcquireIsNotBlamedForTheWinnersValue() {
        var history = new RedlockHistory().granted("w-2", V2, 1000, 900, 0, 10, nodes(V2, V2, V2, "", ""))
                .refused("w-1", 1000, false, 0, 10, free(), nodes(V2, V2, V2, "", "")).build();
        assertThat(new FailedAcquisitionUnlocks().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void releaseThatDeletesTheNewHoldersValueIsCaught() {
        var history = new RedlockHistory().release("w-1", V1, 0, 5, nodes(V2, V2, V2, "", ""), free()).build();
        InvariantResult result = new ReleaseKeepsOtherValues().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(3);
    }

    @Test
    void compareAndDeleteReleaseKeepsTheNewHoldersValue() {
        var history = new RedlockHistory().release("w-1", V1, 0, 5, nodes(V1, V1, V2, V2, V2),
                nodes("", "", V2, V2, V2)).build();
        assertThat(new ReleaseKeepsOtherValues().check(history).verdict()).isEqualTo(Verdict.PASS);
        assertThat(new ReleaseFreesEveryNode().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aNodeThatHadNotAnsweredTheReleaseWhenItReturnedIsNotJudgedButANodeItSkippedIs() {
        // The release's command to A was answered only after release returned (a client timeout on a busy
        // machine); nothing at all was sent to C.
        var history = new RedlockHistory().release("w-1", V1, 0, 5, nodes(V1, V1, V1, "", ""),
                        nodes(V1, "", V1, "", ""))
                .command("w-1", "A", List.of("EVAL", "script", "1", RedlockHistory.KEY, V1), 1, 9)
                .command("w-1", "B", List.of("EVAL", "script", "1", RedlockHistory.KEY, V1), 1, 2).build();
        InvariantResult result = new ReleaseFreesEveryNode().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(1);
        assertThat(result.evidence().get(0).text()).contains("nodes [C]");
    }

    @Test
    void aNodeWhoseConnectionHandShakeTimedOutDuringTheReleaseIsNotJudgedButOneThatAnsweredIs() {
        // A new connection's CLIENT SETINFO to A was unanswered when release returned, so the client never
        // got to send its delete there; B answered the hand-shake, and the release sent nothing more to it.
        var history = new RedlockHistory().release("w-1", V1, 0, 5, nodes(V1, V1, V1, "", ""),
                        nodes(V1, V1, "", "", ""))
                .command("w-1", "A", List.of("CLIENT", "SETINFO", "LIB-NAME", "jedis"), 1, -1)
                .command("w-1", "B", List.of("CLIENT", "SETINFO", "LIB-NAME", "jedis"), 1, 2)
                .command("w-1", "C", List.of("EVAL", "script", "1", RedlockHistory.KEY, V1), 1, 2).build();
        InvariantResult result = new ReleaseFreesEveryNode().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(1);
        assertThat(result.evidence().get(0).text()).contains("nodes [B]");
    }

    @Test
    void releaseThatLeavesItsOwnValueIsCaught() {
        var history = new RedlockHistory().release("w-1", V1, 0, 5, nodes(V1, V1, V1, "", ""),
                nodes("", "", V1, "", "")).build();
        assertThat(new ReleaseFreesEveryNode().check(history).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void twoLeasesWithOneValueAreCaught() {
        var history = new RedlockHistory().granted("w-1", V1, 1000, 900, 0, 10, nodes(V1, V1, V1, "", ""))
                .granted("w-1", V1, 1000, 900, 20, 30, nodes(V1, V1, V1, "", "")).build();
        InvariantResult result = new LockValuesUnique().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).opIds()).as("the grant that reused the value").containsExactly(2L);
        assertThat(result.evidence().get(0).contextIds()).as("the grant it copied").containsExactly(1L);
    }

    @Test
    void acquireThatWaitsOutTheTtlForAnUnreachableNodeIsNotPrompt() {
        RedlockHistory slow = new RedlockHistory().granted("w-1", V1, 1000, 100, 0, 890, nodes(V1, V1, V1, V1, ""));
        assertThat(new AvailableLockAcquiredPromptly().check(slow.build()).verdict()).isEqualTo(Verdict.PASS);
        InvariantResult result = new AvailableLockAcquiredPromptly().check(slow.fault(Faults.HANG.label(), 5).build());
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("took 890 ms");
    }

    @Test
    void noLeaseWithAMajorityFreeIsCaughtButAnExpectedRefusalIsNot() {
        var refusedWhenFree = new RedlockHistory().refused("w-1", 1000, true, 0, 10, free(), free()).build();
        var refusedWhenTaken = new RedlockHistory().refused("w-1", 1000, false, 0, 10, free(), free()).build();
        assertThat(new AvailableLockAcquiredPromptly().check(refusedWhenFree).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(new AvailableLockAcquiredPromptly().check(refusedWhenTaken).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void twoValidLeasesOnHealthyNodesAreCaughtButNotAfterAPause() {
        RedlockHistory racing = new RedlockHistory()
                .granted("w-1", V1, 2000, 1900, 0, 10, nodes(V1, V1, V1, "", ""))
                .granted("w-2", V2, 2000, 1900, 0, 12, nodes(V1, V1, V1, V2, V2));
        InvariantResult result = new OneLeaseAtATime().check(racing.build());
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).opIds()).as("the second grant").containsExactly(2L);
        assertThat(result.evidence().get(0).contextIds()).as("the lease still valid").containsExactly(1L);
        assertThat(new OneLeaseAtATime().check(racing.fault(Faults.PAUSE.label(), 5).build()).verdict())
                .isEqualTo(Verdict.PASS);
    }

    @Test
    void leaseReleasedBeforeTheNextGrantIsNoOverlap() {
        var history = new RedlockHistory().granted("w-1", V1, 2000, 1900, 0, 10, nodes(V1, V1, V1, "", ""))
                .release("w-1", V1, 20, 25, nodes(V1, V1, V1, "", ""), free())
                .granted("w-2", V2, 2000, 1900, 30, 40, nodes(V2, V2, V2, "", "")).build();
        assertThat(new OneLeaseAtATime().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void staleHoldersAcceptedWriteIsCaughtWithTheResourcesFinalValue() {
        var history = new RedlockHistory().write("w-b", Roles.CURRENT, "b", true, 0, 5)
                .write("w-a", Roles.STALE, "a", true, 10, 15).resourceRow("a").build();
        InvariantResult result = new StaleHolderFenced().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(2);
    }

    @Test
    void fenceThatRefusesEveryoneIsCaughtToo() {
        var history = new RedlockHistory().write("w-b", Roles.CURRENT, "b", false, 0, 5).build();
        assertThat(new StaleHolderFenced().check(history).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void newestHoldersWriteRefusedAfterANewerLeaseWasGrantedMeanwhileIsNoFailure() {
        var history = new RedlockHistory().write("w-b", Roles.CURRENT, "b", false, 10, 20)
                .granted("w-c", "w-c", 2000, 1900, 11, 15, nodes("w-c", "w-c", "w-c", "", "")).build();
        assertThat(new StaleHolderFenced().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void writeOfNeitherRoleIsNotJudgedAndLeavesTheFinalValueUnjudged() {
        var history = new RedlockHistory().write("w-b", Roles.CURRENT, "b", true, 0, 5)
                .write("w-a", "unjudged", "a", true, 10, 15).resourceRow("a").build();
        assertThat(new StaleHolderFenced().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void leaseGrantedAfterTheFirstsValidityCountedFromItsStartIsNoOverlap() {
        var history = new RedlockHistory().granted("w-1", V1, 500, 480, 0, 30, nodes(V1, V1, V1, "", ""))
                .granted("w-2", V2, 500, 480, 490, 500, nodes(V2, V2, V2, "", "")).build();
        assertThat(new OneLeaseAtATime().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void fencedResourcePasses() {
        var history = new RedlockHistory().write("w-b", Roles.CURRENT, "b", true, 0, 5)
                .write("w-a", Roles.STALE, "a", false, 10, 15).resourceRow("b").build();
        assertThat(new StaleHolderFenced().check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRunWithNoLeasesHasNothingToJudge() {
        var history = new RedlockHistory().build();
        assertThat(new MajorityBeforeHolding().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new StaleHolderFenced().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new ReleaseFreesEveryNode().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }
}
