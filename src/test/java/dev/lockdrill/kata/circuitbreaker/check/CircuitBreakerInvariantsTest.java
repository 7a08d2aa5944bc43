package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockdrill.kata.circuitbreaker.check.BreakerHistory.SECOND;
import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static org.assertj.core.api.Assertions.assertThat;

class CircuitBreakerInvariantsTest {

    /**
     * The invariants that failed or could not decide. One that had nothing to judge is not among
     * them: a hand-written history exercises only some; a test that means one passes says so with
     * {@link #result}.
     */
    private static List<String> failed(History history) {
        return CircuitBreakerInvariants.all().stream().map(i -> i.check(history))
                .filter(r -> r.verdict() == Verdict.FAIL || r.verdict() == Verdict.UNKNOWN)
                .map(InvariantResult::name).toList();
    }

    private static InvariantResult result(String name, History history) {
        return CircuitBreakerInvariants.all().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow()
                .check(history);
    }

    private static BreakerHistory sequential() {
        return new BreakerHistory("open-wait", 6, 4, 2, true);
    }

    @Test
    void aFullCycleAsResilience4jRunsItPasses() {
        History history = sequential().opened(4)
                .acquire(5 * SECOND, false)
                .acquire(11 * SECOND, true).transition("OPEN", "HALF_OPEN", 11 * SECOND).success(11 * SECOND)
                .acquire(11 * SECOND, true).success(11 * SECOND).transition("HALF_OPEN", "CLOSED", 11 * SECOND)
                .build();
        assertThat(failed(history)).isEmpty();
        for (String name : List.of("no-permit-while-open", "half-open-trials-bounded", "no-closed-to-half-open",
                "opens-only-after-minimum-calls", "one-event-per-transition", "behaves-like-reference-model")) {
            assertPass(result(name, history));
        }
    }

    @Test
    void openingAtExactlyTheThresholdIsRequired() {
        BreakerHistory history = sequential();
        history.acquire(0, true).failure(0).acquire(0, true).failure(0)
                .acquire(0, true).success(0).acquire(0, true).success(0)
                .acquire(0, true).success(0);
        assertThat(failed(history.build())).containsExactly("behaves-like-reference-model");
    }

    @Test
    void openingBeforeTheMinimumNumberOfCallsIsReported() {
        History history = sequential().acquire(0, true).failure(0).transition("CLOSED", "OPEN", 0).build();
        assertThat(failed(history)).containsExactly("opens-only-after-minimum-calls");
    }

    @Test
    void aPermitBeforeTheWaitElapsedIsReported() {
        History history = sequential().opened(4).acquire(9 * SECOND, true)
                .transition("OPEN", "HALF_OPEN", 9 * SECOND).build();
        assertThat(failed(history)).containsExactly("no-permit-while-open");
    }

    @Test
    void exactlyAtTheEndOfTheWaitEitherAnswerIsAccepted() {
        History rejected = sequential().opened(4).acquire(10 * SECOND, false).build();
        History permitted = sequential().opened(4).acquire(10 * SECOND, true)
                .transition("OPEN", "HALF_OPEN", 10 * SECOND).build();
        assertThat(failed(rejected)).isEmpty();
        assertThat(failed(permitted)).isEmpty();
    }

    @Test
    void stayingOpenAfterTheWaitIsReported() {
        History history = sequential().opened(4).acquire(11 * SECOND, false).build();
        assertThat(failed(history)).containsExactly("behaves-like-reference-model");
    }

    @Test
    void closingOnTheFirstSuccessfulTrialIsReported() {
        History history = new BreakerHistory("half-open-trials", 6, 4, 4, true).opened(4)
                .acquire(11 * SECOND, true).transition("OPEN", "HALF_OPEN", 11 * SECOND)
                .success(11 * SECOND).transition("HALF_OPEN", "CLOSED", 11 * SECOND).build();
        assertThat(failed(history)).containsExactly("behaves-like-reference-model");
    }

    @Test
    void aFifthTrialIsReported() {
        BreakerHistory history = sequential().opened(4).acquire(11 * SECOND, true)
                .transition("OPEN", "HALF_OPEN", 11 * SECOND).acquire(11 * SECOND, true).acquire(11 * SECOND, true);
        assertThat(failed(history.build())).containsExactly("half-open-trials-bounded");
    }

    @Test
    void closedStraightToHalfOpenIsReported() {
        History history = sequential().acquire(0, true).transition("CLOSED", "HALF_OPEN", 0).build();
        assertThat(failed(history)).contains("no-closed-to-half-open");
    }

    @Test
    void aWallClockDrivenPermitInTheClockJumpScenarioIsReported() {
        History history = new BreakerHistory("clock-jump", 6, 4, 2, true).opened(4)
                .acquire(SECOND / 1000, true).transition("OPEN", "HALF_OPEN", SECOND / 1000).build();
        assertThat(failed(history)).containsExactlyInAnyOrder("no-permit-while-open",
                "wall-clock-jump-changes-nothing");
    }

    @Test
    void racersBeyondTheTrialsAndARepeatedAnnouncementAreReported() {
        BreakerHistory race = new BreakerHistory("half-open-race", 4, 4, 2, false).opened(4);
        for (int t = 1; t <= 3; t++) {
            race.racer("racer-" + t, 1, 31 * SECOND, true).transition("OPEN", "HALF_OPEN", 31 * SECOND);
        }
        List<String> failed = failed(race.build());
        assertThat(failed).containsExactlyInAnyOrder("half-open-trials-bounded", "one-event-per-transition");
    }

    /** Racers 10 and 12 got the two trials the limit allows, racer 14 a third; 11 announced HALF_OPEN first. */
    @Test
    void onlyTheTrialBeyondTheLimitAndTheRepeatedAnnouncementsAreViolations() {
        BreakerHistory race = new BreakerHistory("half-open-race", 4, 4, 2, false).opened(4);
        for (int t = 1; t <= 3; t++) {
            race.racer("racer-" + t, 1, 31 * SECOND, true).transition("OPEN", "HALF_OPEN", 31 * SECOND);
        }
        Evidence trials = result(race.build(), "half-open-trials-bounded").evidence().get(0);
        assertThat(trials.text()).contains("3 of 3 racing threads got a permit");
        assertThat(trials.opIds()).containsExactly(14L);
        assertThat(trials.contextIds()).containsExactly(10L, 12L);
        InvariantResult announced = result(race.build(), "one-event-per-transition");
        assertThat(announced.evidence()).flatExtracting(Evidence::opIds).contains(13L, 15L).doesNotContain(11L);
        assertThat(announced.evidence()).flatExtracting(Evidence::contextIds).containsExactly(11L);
    }

    /** The batch the breaker refused (9) shows it opened; the other thread's batch (10) is context. */
    @Test
    void theRefusedBatchIsTheViolationOfAHammerThatOpenedTheBreaker() {
        Evidence opened = result(afterHammer(hammer(true), 3).build(), "outcomes-counted-under-contention")
                .evidence().get(0);
        assertThat(opened.text()).contains("yet it opened");
        assertThat(opened.opIds()).containsExactly(9L);
        assertThat(opened.contextIds()).containsExactly(10L);
    }

    private static InvariantResult result(History history, String invariant) {
        return CircuitBreakerInvariants.all().stream().filter(i -> i.name().equals(invariant)).findFirst()
                .orElseThrow().check(history);
    }

    @Test
    void aRaceWithExactlyTheTrialsPasses() {
        BreakerHistory race = new BreakerHistory("half-open-race", 4, 4, 2, false).opened(4);
        race.racer("racer-1", 1, 31 * SECOND, true).transition("OPEN", "HALF_OPEN", 31 * SECOND)
                .racer("racer-2", 1, 31 * SECOND, true).racer("racer-3", 1, 31 * SECOND, false)
                .success(31 * SECOND).success(31 * SECOND).transition("HALF_OPEN", "CLOSED", 31 * SECOND);
        assertThat(failed(race.build())).isEmpty();
    }

    @Test
    void aCallOfExactlyTheSlowThresholdCountedAsSlowIsReported() {
        BreakerHistory history = new BreakerHistory("slow-boundary", 4, 4, 2, true, 100.0, 50.0);
        for (int i = 0; i < 4; i++) {
            history.call(0, false, 2 * SECOND);
        }
        history.transition("CLOSED", "OPEN", 0);
        assertThat(failed(history.build())).containsExactly("counts-slow-calls");
    }

    @Test
    void callsOfExactlyTheSlowThresholdKeepItClosed() {
        BreakerHistory history = new BreakerHistory("slow-boundary", 4, 4, 2, true, 100.0, 50.0);
        for (int i = 0; i < 5; i++) {
            history.call(0, false, 2 * SECOND);
        }
        assertThat(failed(history.build())).isEmpty();
        assertPass(result("counts-slow-calls", history.build()));
    }

    @Test
    void slowFailuresNotCountedAsSlowAreReported() {
        BreakerHistory history = new BreakerHistory("slow-boundary", 4, 4, 2, true, 100.0, 50.0);
        history.call(0, true, 2 * SECOND + 1).call(0, false, 1).call(0, true, 2 * SECOND + 1)
                .call(0, true, 2 * SECOND + 1);
        assertThat(failed(history.build())).containsExactly("counts-slow-calls");
    }

    @Test
    void aRateOverEveryCallSinceClosingIsReported() {
        BreakerHistory history = new BreakerHistory("sliding-window", 3, 2, 2, true);
        for (int i = 0; i < 5; i++) {
            history.call(0, false, 1);
        }
        history.call(0, true, 1).call(0, true, 1);
        assertThat(failed(history.build())).containsExactly("rates-over-the-sliding-window");
    }

    @Test
    void openingOnTheSlidingWindowPasses() {
        BreakerHistory history = new BreakerHistory("sliding-window", 3, 2, 2, true);
        for (int i = 0; i < 5; i++) {
            history.call(0, false, 1);
        }
        history.call(0, true, 1).call(0, true, 1).transition("CLOSED", "OPEN", 0);
        assertThat(failed(history.build())).isEmpty();
        assertPass(result("rates-over-the-sliding-window", history.build()));
    }

    @Test
    void aPermitBeforeTheWaitAcrossATickerOverflowIsReported() {
        long opened = Long.MAX_VALUE - 2 * SECOND;
        History early = sequential().opened(4, opened).acquire(Long.MIN_VALUE + 3 * SECOND, true)
                .transition("OPEN", "HALF_OPEN", Long.MIN_VALUE + 3 * SECOND).build();
        History onTime = sequential().opened(4, opened).acquire(Long.MIN_VALUE + 9 * SECOND, true)
                .transition("OPEN", "HALF_OPEN", Long.MIN_VALUE + 9 * SECOND).build();
        assertThat(failed(early)).containsExactly("no-permit-while-open");
        assertThat(failed(onTime)).isEmpty();
    }

    @Test
    void aTrialHandedBackWhenItReturnsIsReported() {
        History history = new BreakerHistory("half-open-trickle", 6, 4, 2, true).opened(4)
                .acquire(11 * SECOND, true).transition("OPEN", "HALF_OPEN", 11 * SECOND).success(11 * SECOND)
                .acquire(11 * SECOND, true).acquire(11 * SECOND, true).build();
        assertThat(failed(history)).containsExactly("half-open-trials-bounded");
    }

    @Test
    void permitsWithoutAnOutcomeAreNoCalls() {
        BreakerHistory history = new BreakerHistory("abandoned-permits", 6, 4, 2, true);
        history.acquire(0, true).acquire(0, true).call(0, true, 1).call(0, true, 1)
                .transition("CLOSED", "OPEN", 0);
        assertThat(failed(history.build())).containsExactly("opens-only-after-minimum-calls");
    }

    private static BreakerHistory hammer(boolean refused) {
        BreakerHistory history = new BreakerHistory("outcome-hammer", 4, 4, 2, false, 70.0, 100.0);
        for (int i = 0; i < 4; i++) {
            history.call(0, false, 1);
        }
        return history.batch("hammer-1", 1000, 500, refused).batch("hammer-2", 1000, 500, false);
    }

    /** Window 4 at 70 %: after 4 successes, the 3rd failure is due to open it. */
    private static BreakerHistory afterHammer(BreakerHistory history, int failuresBeforeOpening) {
        for (int i = 0; i < 4; i++) {
            history.call(0, false, 1);
        }
        for (int i = 1; i <= 4; i++) {
            history.call(0, true, 1);
            if (i == failuresBeforeOpening) {
                history.transition("CLOSED", "OPEN", 0);
            }
        }
        return history.acquire(0, failuresBeforeOpening == 0);
    }

    @Test
    void aHammerRoundThatOpensOnTheLastFailureAfterItPasses() {
        assertThat(failed(afterHammer(hammer(false), 3).build())).isEmpty();
    }

    @Test
    void failuresLostDuringTheHammerAreReported() {
        assertThat(failed(afterHammer(hammer(false), 0).build())).containsExactly("outcomes-counted-under-contention");
    }

    @Test
    void failuresCountedTwiceDuringTheHammerAreReported() {
        assertThat(failed(afterHammer(hammer(false), 2).build())).containsExactly("outcomes-counted-under-contention");
        assertThat(failed(afterHammer(hammer(true), 3).build())).containsExactly("outcomes-counted-under-contention");
    }

    @Test
    void invariantsWithNothingToJudgeAreNotExercised() {
        BreakerHistory history = sequential();
        for (int i = 0; i < 3; i++) {
            history.call(0, false, 1);
        }
        List<InvariantResult> results = CircuitBreakerInvariants.all().stream().map(i -> i.check(history.build()))
                .toList();
        assertThat(results).filteredOn(r -> r.verdict() == Verdict.NOT_EXERCISED).extracting(InvariantResult::name)
                .containsExactlyInAnyOrder("no-permit-while-open", "half-open-trials-bounded",
                        "opens-only-after-minimum-calls",
                        "no-closed-to-half-open", "one-event-per-transition", "linearizable-under-interleaving",
                        "wall-clock-jump-changes-nothing", "outcomes-counted-under-contention");
    }

    @Test
    void everyInvariantIsNamedAndDescribed() {
        assertThat(CircuitBreakerInvariants.all()).allMatch(i -> !i.name().isBlank() && !i.description().isBlank())
                .extracting(Invariant::name).doesNotHaveDuplicates();
    }
}
