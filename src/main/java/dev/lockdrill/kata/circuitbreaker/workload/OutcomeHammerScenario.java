package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.OutcomeBatch;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The window is first filled with successes. Then K threads report outcomes at once: each waits on a
 * spin flag, then makes calls (permit, then outcome: failed, succeeded, failed, ...) as fast as it
 * can until {@value #OVERLAPS} calls have overlapped a call of another thread (counted, not hoped
 * for: on a busy machine the threads may seldom run at the same time), or {@value #MAX_MILLIS} ms. Each thread alternates, so no
 * {@value #WINDOW} outcomes in a row can be more than about half failures: at a failure threshold
 * of {@value #THRESHOLD} % it must stay closed. Then the driver makes {@value #WINDOW} successful
 * calls (the window holds only those) and failed ones: it must open on exactly the 58th failure
 * (58 of 64 is the first rate at or above 90 %, and above it too). A count that lost or doubled one
 * update during the hammer opens early or late. Fresh breakers, {@value #ROUNDS} round(s).
 */
final class OutcomeHammerScenario implements BreakerScenario {
    static final int THREADS = 4;
    static final int OVERLAPS = 40_000;
    static final long MAX_MILLIS = 300;
    /*
     * One round: the hammer is the crowd, kept for races deeper than one preemption; a count lost
     * between its read and its write is forced at every seed in interleaved-calls, not left to it.
     */
    static final int ROUNDS = 1;
    static final int WINDOW = 64;
    static final int THRESHOLD = 90;

    @Override
    public String name() {
        return Scenarios.OUTCOME_HAMMER;
    }

    @Override
    public String summary() {
        return THREADS + " threads report outcomes at once until " + OVERLAPS + " calls overlapped, " + ROUNDS
                + (ROUNDS == 1 ? " round" : " rounds");
    }

    @Override
    public void run(BreakerRig rig) throws Exception {
        BreakerConfig config = new BreakerConfig(THRESHOLD, 100, Duration.ofSeconds(10), WINDOW, WINDOW,
                Duration.ofSeconds(30), 2);
        try (Workers workers = new Workers()) {
            for (int round = 1; round <= ROUNDS; round++) {
                BreakerProbe probe = rig.open("b" + round, config, false);
                for (int i = 0; i < WINDOW; i++) {
                    rig.call(probe, false, 1);
                }
                hammer(rig, probe, workers, round);
                for (int i = 0; i < WINDOW; i++) {
                    rig.call(probe, false, 1);
                }
                for (int i = 0; i < WINDOW; i++) {
                    rig.call(probe, true, 1);
                }
                rig.acquire(probe);
            }
        }
    }

    private static void hammer(BreakerRig rig, BreakerProbe probe, Workers workers, int round) throws Exception {
        AtomicInteger ready = new AtomicInteger();
        AtomicBoolean go = new AtomicBoolean();
        AtomicLong deadline = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicLong overlaps = new AtomicLong();
        for (int t = 1; t <= THREADS; t++) {
            String worker = "hammer-" + round + "-" + t;
            workers.start(worker, () -> rig.recorder().call(rig.scenario(), worker, BreakerOp.OUTCOMES,
                    OutcomeBatch.args(probe.id(), probe.ticker().peek()), () -> {
                        ready.incrementAndGet();
                        while (!go.get()) {
                            Thread.onSpinWait();
                        }
                        return report(probe, deadline.get(), done, overlaps);
                    }, OutcomeBatch::result, Recorder.OnError.FAILED));
        }
        while (ready.get() < THREADS) {
            Thread.onSpinWait();
        }
        deadline.set(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_MILLIS));
        go.set(true);
        workers.awaitAll();
    }

    /**
     * Calls until enough calls overlapped another thread's (one finished while this one was in the
     * breaker) or the deadline passed; returns what this thread reported.
     */
    private static OutcomeBatch report(BreakerProbe probe, long deadline, AtomicLong done, AtomicLong overlaps) {
        int failures = 0;
        int i = 0;
        for (; overlaps.get() < OVERLAPS && ((i & 255) != 0 || System.nanoTime() - deadline < 0); i++) {
            long before = done.get();
            if (!probe.breaker().tryAcquirePermission()) {
                return new OutcomeBatch(probe.id(), probe.ticker().peek(), i, failures, true);
            }
            if (i % 2 == 0) {
                failures++;
                probe.breaker().onError(1_000_000L, new BreakerRig.DependencyFailure("HTTP 503 from the dependency"));
            } else {
                probe.breaker().onSuccess(1_000_000L);
            }
            if (done.incrementAndGet() - before > 1) {
                overlaps.incrementAndGet();
            }
        }
        return new OutcomeBatch(probe.id(), probe.ticker().peek(), i, failures, false);
    }
}
