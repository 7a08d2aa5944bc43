package dev.lockdrill.harness.interleave;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** A counter compiled outside the class path, as a learner's class is, then driven by the scheduler. */
class InterleavingTest {
    private static final String PLAIN = "package racy; public class Counter implements java.util.function.IntSupplier {"
            + " private int value; public int getAsInt() { int v = value; value = v + 1; return v; } }";
    private static final String LOCKED = "package racy; public class Counter implements java.util.function.IntSupplier {"
            + " private int value; public synchronized int getAsInt() { int v = value; value = v + 1; return v; } }";

    @TempDir
    Path classes;

    @Test
    void aReadThenWriteLosesAnUpdateWhenTheFirstWorkerIsPreemptedBetweenThem() throws Exception {
        compile(PLAIN);
        Interleaving.Outcome whole = run(0, new ArrayList<>());
        List<Integer> lost = new ArrayList<>();
        for (int preemptAt = 1; preemptAt <= whole.firstWorkerYields(); preemptAt++) {
            List<Integer> seen = new ArrayList<>();
            run(preemptAt, seen);
            if (seen.get(0).equals(seen.get(1))) {
                lost.add(preemptAt);
            }
        }
        assertThat(lost).isNotEmpty();
    }

    @Test
    void theSamePreemptionPointGivesTheSameSteps() throws Exception {
        compile(PLAIN);
        assertThat(run(2, new ArrayList<>()).steps()).isEqualTo(run(2, new ArrayList<>()).steps());
    }

    @Test
    void aSynchronizedCounterLosesNothingAndAWorkerBlockedOnItsMonitorIsNoDeadlock() throws Exception {
        compile(LOCKED);
        int yields = run(0, new ArrayList<>()).firstWorkerYields();
        for (int preemptAt = 1; preemptAt <= yields; preemptAt++) {
            List<Integer> seen = new ArrayList<>();
            Interleaving.Outcome outcome = run(preemptAt, seen);
            assertThat(outcome.stuck()).isEmpty();
            assertThat(seen).containsExactlyInAnyOrder(0, 1);
        }
    }

    /**
     * The steps are the scheduler's decisions whoever takes them: a worker running alone goes on past its
     * yield points without waking the scheduler, and that must decide exactly what the scheduler would
     * (the first worker runs to its preemption point, then each other worker in priority order to its
     * end, then the first), whatever order the threads happen to start in. Repeated, so a start order
     * that changes a decision shows.
     */
    @Test
    void aWorkerThatGoesOnAloneTakesTheStepsTheSchedulerWould() throws Exception {
        List<String> points = List.of("starts", "a", "b", "c");
        for (int preemptAt = 0; preemptAt <= points.size() + 1; preemptAt++) {
            List<String> expected = new ArrayList<>();
            int firstBefore = preemptAt == 0 ? points.size() : Math.min(preemptAt - 1, points.size());
            points.subList(0, firstBefore).forEach(at -> expected.add("w-1@" + at));
            for (String other : List.of("w-2", "w-3")) {
                points.forEach(at -> expected.add(other + "@" + at));
            }
            points.subList(firstBefore, points.size()).forEach(at -> expected.add("w-1@" + at));
            for (int attempt = 0; attempt < 20; attempt++) {
                Interleaving interleaving = new Interleaving(preemptAt);
                for (String worker : List.of("w-1", "w-2", "w-3")) {
                    interleaving.add(worker, () -> points.subList(1, points.size()).forEach(Interleaving::reached));
                }
                Interleaving.Outcome outcome = interleaving.run();
                assertThat(outcome.stuck()).isEmpty();
                assertThat(outcome.preemptionMissed()).as("preempted at %d", preemptAt).isFalse();
                assertThat(outcome.steps()).extracting(step -> step.worker() + "@" + step.at())
                        .as("preempted at %d, attempt %d", preemptAt, attempt).containsExactlyElementsOf(expected);
                assertThat(outcome.steps()).extracting(Interleaving.Step::index)
                        .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, expected.size()).boxed().toList());
            }
        }
    }

    /**
     * w-1 waits on w-2 (blocked, not at a yield point), so w-2 runs; w-2 lets it go and blocks on a
     * lock another thread holds. w-1 then reaches its preemption point with nobody waiting at a yield
     * point: the preemption cannot happen and is reported missed. With w-2 ended instead there is
     * nobody to let in, and nothing is missed.
     */
    @Test
    void aPreemptionWhileTheOtherWorkerIsBlockedIsMissedAndOneAfterItEndedIsNot() throws Exception {
        for (boolean otherBlocks : List.of(true, false)) {
            java.util.concurrent.CountDownLatch w2Ran = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch w1Done = new java.util.concurrent.CountDownLatch(1);
            Interleaving interleaving = new Interleaving(2);
            interleaving.add("w-1", () -> {
                try {
                    w2Ran.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Interleaving.reached("a");
                w1Done.countDown();
            });
            interleaving.add("w-2", () -> {
                w2Ran.countDown();
                if (otherBlocks) {
                    try {
                        // only w-1 can end this wait: w-2 is blocked, not moving
                        w1Done.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            Interleaving.Outcome outcome = interleaving.run();
            w1Done.countDown();
            assertThat(outcome.stuck()).isEmpty();
            assertThat(outcome.preemptionMissed()).as("w-2 blocked: %s", otherBlocks).isEqualTo(otherBlocks);
        }
    }

    /**
     * A worker waiting on a lock that a thread outside the schedule holds (the harness's event sink, a
     * pool's queue) is still moving: the outside thread lets go without any worker moving. The preempted
     * worker must not go on before it reaches its yield point, or the contention the preemption was for
     * never happens (bulkhead admission-check-then-act passed at 1 seed in 10 on a saturated machine).
     */
    @Test
    void aWorkerWaitingOnALockHeldOutsideTheScheduleIsStillMoving() throws Exception {
        java.util.concurrent.CountDownLatch locked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
        Thread outside = new Thread(() -> {
            lock.lock();
            locked.countDown();
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        });
        outside.start();
        locked.await();
        Interleaving interleaving = new Interleaving(2);
        interleaving.add("w-1", () -> {
            Interleaving.reached("a");
            Interleaving.reached("b");
        });
        interleaving.add("w-2", () -> {
            lock.lock();
            lock.unlock();
            Interleaving.reached("c");
        });
        Interleaving.Outcome outcome = interleaving.run();
        outside.join();
        List<String> order = outcome.steps().stream().map(step -> step.worker() + "@" + step.at()).toList();
        assertThat(outcome.stuck()).isEmpty();
        assertThat(outcome.preemptionMissed()).isFalse();
        assertThat(order).as("w-2 reaches its yield point before the preempted w-1 goes on").containsSubsequence(
                "w-2@c", "w-1@a");
    }

    private Interleaving.Outcome run(int preemptAt, List<Integer> seen) throws Exception {
        YieldingClassLoader loader = new YieldingClassLoader(new URL[]{classes.toUri().toURL()},
                getClass().getClassLoader(), new ConcurrentHashMap<>());
        IntSupplier counter = (IntSupplier) loader.loadClass("racy.Counter").getConstructor().newInstance();
        Interleaving interleaving = new Interleaving(preemptAt);
        List<Integer> results = Collections.synchronizedList(seen);
        interleaving.add("w-1", () -> results.add(counter.getAsInt()));
        interleaving.add("w-2", () -> results.add(counter.getAsInt()));
        return interleaving.run();
    }

    private void compile(String source) throws Exception {
        Path file = classes.resolve("src/racy/Counter.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-d", classes.toString(), file.toString())).isZero();
    }
}
