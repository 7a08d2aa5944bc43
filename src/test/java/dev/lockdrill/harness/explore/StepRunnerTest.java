package dev.lockdrill.harness.explore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

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

    /** Waits, without a timeout, for a later step to open the latch (a lock another worker holds). */
    private record AwaitLatch(String actor, String name) implements Step {
        public String describe() {
            return name;
        }
    }

    private record OpenLatch(String actor, String name) implements Step {
        public String describe() {
            return name;
        }
    }

    private final Map<String, long[]> spans = new ConcurrentHashMap<>();
    private final CountDownLatch latch = new CountDownLatch(1);

    private void run(List<Step> steps) throws Exception {
        run(steps, StepRunner.Waits.NONE);
    }

    private void run(List<Step> steps, StepRunner.Waits waits) throws Exception {
        StepRunner.run(steps, step -> {
            long start = System.nanoTime();
            if (step instanceof AwaitLatch) {
                latch.await();
            } else if (step instanceof OpenLatch) {
                latch.countDown();
            } else if (step instanceof Busy busy) {
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
        startsAfterTheEndOf("next", "slow");
    }

    @Test
    void aStepQueuedBehindItsActorsPauseHoldsTheScheduleUntilItStarts() throws Exception {
        run(List.of(new Sleep("a", "pause", 200), new Busy("b", "meanwhile", 1), new Busy("a", "after the pause", 1),
                new Busy("b", "later", 1)));
        startsBeforeTheEndOf("meanwhile", "pause");
        startsAfterTheEndOf("later", "after the pause");
    }

    @Test
    @Timeout(10) // held until it starts, it would wait forever
    void aStepQueuedBehindAWaitOnAnotherWorkerLetsTheScheduleGoOnToTheStepThatFreesIt() throws Exception {
        long start = System.nanoTime();
        run(List.of(new AwaitLatch("a", "waits for b"), new Busy("a", "after the wait", 1),
                new OpenLatch("b", "frees a")));
        assertThat(spans.get("after the wait")[0]).as("after the step that frees it")
                .isGreaterThanOrEqualTo(spans.get("frees a")[0]);
        assertThat(System.nanoTime() - start).as("no fallback wait").isLessThan(StepRunner.UNSEEN_WAIT_MILLIS * 1_000_000);
    }

    @Test
    void aStepTheProbeSeesWaitingOnALockIsOverlapped() throws Exception {
        run(List.of(new Busy("a", "blocked in the database", 400), new Busy("b", "next", 1)),
                actor -> actor.equals("a"));
        startsBeforeTheEndOf("next", "blocked in the database");
    }

    @Test
    void aStepThatSleepsIsOverlappedByTheNext() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new Sleep("b", "second", 10)));
        startsBeforeTheEndOf("second", "first");
    }

    @Test
    void anAloneStepWaitsForEveryEarlierStepAndTheNextWaitsForIt() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new AloneSleep("scheduler", "alone", 200),
                new Sleep("b", "after", 10)));
        startsAfterTheEndOf("alone", "first");
        startsAfterTheEndOf("after", "alone");
    }

    private void startsAfterTheEndOf(String later, String earlier) {
        assertThat(spans.get(later)[0]).as(later + " starts after " + earlier + " ended")
                .isGreaterThanOrEqualTo(spans.get(earlier)[1]);
    }

    private void startsBeforeTheEndOf(String later, String earlier) {
        assertThat(spans.get(later)[0]).as(later + " starts while " + earlier + " runs").isLessThan(spans.get(earlier)[1]);
    }
}
