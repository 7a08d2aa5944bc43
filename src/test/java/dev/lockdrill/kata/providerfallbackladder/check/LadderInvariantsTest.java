package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class LadderInvariantsTest {
    private static Map<String, InvariantResult> judge(History history) {
        return LadderInvariants.all().stream().collect(Collectors.toMap(Invariant::name, i -> i.check(history)));
    }

    private static List<String> failed(History history) {
        return judge(history).values().stream().filter(r -> r.verdict() == Verdict.FAIL).map(InvariantResult::name)
                .sorted().toList();
    }

    /** p1 hangs for job-1; what each later job does with it is the test's. */
    private static LadderHistory hungFirst() {
        return new LadderHistory("s").job("worker-1", 0).call(0, 15, 0, 15, 0).call(1, 15, 15, 16, 200).ends(16);
    }

    @Test
    void aLadderThatSkipsTheHungProviderUntilItsTtlAndThenProbesItOnceKeepsEveryInvariant() {
        History history = hungFirst()
                .job("worker-2", 20).call(1, 15, 20, 21, 200).ends(21)
                .job("worker-1", 45).call(0, 15, 45, 46, 200).ends(46)
                .job("worker-2", 50).call(0, 15, 50, 51, 200).ends(51)
                .history();
        assertThat(failed(history)).isEmpty();
        assertThat(judge(history).get(LadderInvariants.EVERY_WORKER_SKIPS).verdict()).isEqualTo(Verdict.PASS);
        assertThat(judge(history).get(LadderInvariants.EXPIRES).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void theSameWorkerCallingTheHungProviderWithinItsTtlBreaksSkippedUntilTtl() {
        History history = hungFirst().job("worker-1", 20).call(0, 15, 20, 35, 0).call(1, 5, 35, 36, 200).ends(36)
                .history();
        assertThat(failed(history)).containsExactly(LadderInvariants.SKIPPED_UNTIL_TTL);
        assertThat(judge(history).get(LadderInvariants.SKIPPED_UNTIL_TTL).evidence().get(0).text())
                .contains("job-2 (worker-1) called p1 at t=20.000 s").contains("runs to t=45.000 s");
    }

    @Test
    void anotherWorkerCallingTheHungProviderWithinItsTtlBreaksEveryWorkerSkips() {
        History history = hungFirst().job("worker-2", 20).call(0, 15, 20, 35, 0).call(1, 5, 35, 36, 200).ends(36)
                .history();
        assertThat(failed(history)).containsExactly(LadderInvariants.EVERY_WORKER_SKIPS);
    }

    @Test
    void skippingTheProviderAfterItsTtlWithNoProbeOutBreaksExpires() {
        History history = hungFirst().job("worker-1", 45).call(1, 15, 45, 46, 200).ends(46).history();
        assertThat(failed(history)).containsExactly(LadderInvariants.EXPIRES);
    }

    @Test
    void atExactlyTheTtlTheStateHasExpired() {
        History skipped = hungFirst().job("worker-1", 45).call(1, 15, 45, 46, 200).ends(46).history();
        History justBefore = hungFirst().job("worker-1", 44.999).call(1, 15, 44.999, 46, 200).ends(46).history();
        assertThat(failed(skipped)).containsExactly(LadderInvariants.EXPIRES);
        assertThat(failed(justBefore)).isEmpty();
    }

    @Test
    void twoJobsProbingTheSameExpiredStateAtOnceBreakOneProbe() {
        LadderHistory history = hungFirst();
        LadderHistory.Job first = history.job("worker-1", 45);
        LadderHistory.Job second = history.job("worker-2", 45);
        first.callLeftOut(0, 15, 45, 46, 200);
        second.call(0, 15, 45, 46, 200);
        History judged = first.around(second, 46, 46).history();
        assertThat(failed(judged)).containsExactly(LadderInvariants.ONE_PROBE);
    }

    @Test
    void aJobThatSkipsAProbedProviderWhileTheProbeIsOutKeepsEveryInvariant() {
        LadderHistory history = hungFirst();
        LadderHistory.Job prober = history.job("worker-1", 45);
        LadderHistory.Job other = history.job("worker-2", 45);
        prober.callLeftOut(0, 15, 45, 46, 200);
        other.call(1, 15, 45, 46, 200);
        assertThat(failed(prober.around(other, 46, 46).history())).isEmpty();
    }

    @Test
    void skippingAProviderWhoseLastReplyWasA4xxBreaksClientErrorsSpare() {
        History history = new LadderHistory("s").job("worker-1", 0).call(0, 15, 0, 1, 400).ends(1)
                .job("worker-2", 3).call(1, 15, 3, 4, 200).ends(4).history();
        assertThat(failed(history)).containsExactly(LadderInvariants.CLIENT_ERRORS_SPARE);
    }

    @Test
    void skippingAProviderThatNeverFailedBreaksHealthyRungNeverSkipped() {
        History history = new LadderHistory("s").job("worker-1", 0).call(1, 15, 0, 1, 200).ends(1).history();
        assertThat(failed(history)).containsExactly(LadderInvariants.HEALTHY_NEVER_SKIPPED);
    }

    @Test
    void aThirdRungGivenItsFullTimeoutPastTheBudgetBreaksTheBudgetButNotTheRungTimeout() {
        History history = new LadderHistory("s").job("worker-1", 0).call(0, 15, 0, 15, 0).call(1, 15, 15, 30, 0)
                .call(2, 15, 30, 45, 0).ends(45).history();
        assertThat(failed(history)).containsExactly(LadderInvariants.BUDGET);
    }

    @Test
    void aTimeoutLongerThanTheRungsBreaksTheRungTimeout() {
        History history = new LadderHistory("s").job("worker-1", 0).call(0, 20, 0, 20, 0).call(1, 15, 20, 21, 200)
                .ends(21).history();
        assertThat(failed(history)).contains(LadderInvariants.RUNG_TIMEOUT);
    }

    @Test
    void returningAnotherOutputThanTheProviderAnsweredBreaksTheResult() {
        History history = new LadderHistory("s").job("worker-1", 0).call(0, 15, 0, 1, 200)
                .ends("COMPLETED", "p1", "an answer no provider gave", 1).history();
        assertThat(failed(history)).containsExactly(LadderInvariants.RESULT);
    }

    @Test
    void goingOnAfterA4xxBreaksTheResult() {
        History history = new LadderHistory("s").job("worker-1", 0).call(0, 15, 0, 1, 400).call(1, 15, 1, 2, 400)
                .ends("REJECTED", "p2", null, 2).history();
        assertThat(failed(history)).contains(LadderInvariants.RESULT);
    }

    @Test
    void aHistoryWithNoJobsExercisesNothing() {
        assertThat(judge(new LadderHistory("s").history()).values()).filteredOn(r -> !r.name().equals("no-unexpected-errors"))
                .allMatch(r -> r.verdict() == Verdict.NOT_EXERCISED);
    }
}
