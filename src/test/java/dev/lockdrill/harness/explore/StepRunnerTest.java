package dev.lockdrill.harness.explore;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Steps overlap when one waits (sleeps, or the probe sees it wait on a lock), never because one took
 * long; a step queued behind its actor's pause holds the schedule until it starts; a
 * {@link Step.Alone} step starts after every earlier step ended, and the next starts after it ended.
 */
class StepRunnerTest {
    private record Sleep(String actor, String name, long millis) implements Step {
        public String describe() {
            return name;
        }
    }

    private record AloneSleep(String actor, String name, long millis) implements Step.Alone {
        public String describe() {
            return name;
        }
    }

    /** Keeps its thread busy (runnable, as a call that computes or reads a socket is) this long. */
    private record Busy(String actor, String name, long millis) implements Step {
        public String describe() {
            return name;
        }
    }

    private final Map<String, long[]> spans = new ConcurrentHashMap<>();

    private void run(List<Step> steps) throws Exception {
        run(steps, StepRunner.Waits.NONE);
    }

    private void run(List<Step> steps, StepRunner.Waits waits) throws Exception {
        StepRunner.run(steps, step -> {
            long start = System.nanoTime();
            if (step instanceof Busy busy) {
                long end = start + busy.millis() * 1_000_000;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            } else {
                Thread.sleep(step instanceof Sleep s ? s.millis() : ((AloneSleep) step).millis());
            }
            spans.put(step.describe(), new long[]{start, System.nanoTime()});
        }, waits);
    }

    @Test
    void aStepThatTakesLongWithoutWaitingIsWaitedFor() throws Exception {
        run(List.of(new Busy("a", "slow", 150), new Busy("b", "next", 1)));
        assertThat(spans.get("next")[0]).isGreaterThanOrEqualTo(spans.get("slow")[1]);
    }

    @Test
    void aStepQueuedBehindItsActorsPauseHoldsTheScheduleUntilItStarts() throws Exception {
        run(List.of(new Sleep("a", "pause", 200), new Busy("b", "meanwhile", 1), new Busy("a", "after the pause", 1),
                new Busy("b", "later", 1)));
        assertThat(spans.get("meanwhile")[0]).isLessThan(spans.get("pause")[1]);
        assertThat(spans.get("later")[0]).isGreaterThanOrEqualTo(spans.get("after the pause")[1]);
    }

    @Test
    void aStepTheProbeSeesWaitingOnALockIsOverlapped() throws Exception {
        run(List.of(new Busy("a", "blocked in the database", 400), new Busy("b", "next", 1)),
                actor -> actor.equals("a"));
        assertThat(spans.get("next")[0]).isLessThan(spans.get("blocked in the database")[1]);
    }

    @Test
    void aStepThatBlocksPastTheWindowOverlapsTheNext() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new Sleep("b", "second", 10)));
        assertThat(spans.get("second")[0]).isLessThan(spans.get("first")[1]);
    }

    @Test
    void anAloneStepWaitsForEveryEarlierStepAndTheNextWaitsForIt() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new AloneSleep("scheduler", "alone", 200),
                new Sleep("b", "after", 10)));
        assertThat(spans.get("alone")[0]).isGreaterThanOrEqualTo(spans.get("first")[1]);
        assertThat(spans.get("after")[0]).isGreaterThanOrEqualTo(spans.get("alone")[1]);
    }
}
