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
 * K threads report outcomes at once: each waits on a spin flag, then makes calls (permit, then
 * outcome: failed, succeeded, failed, ...) as fast as it can for {@value #HAMMER_MILLIS} ms of wall
 * time (longer than a scheduler's time slice, so the threads do overlap), at most {@value #MAX_CALLS}. The failure threshold
 * is 100 % of a window of {@value #WINDOW}: no {@value #WINDOW} outcomes in a row can all have
 * failed (each thread alternates), so it must stay closed. Then one thread makes one successful
 * and {@value #WINDOW} failed calls: the window holds exactly its own calls, and it must open on
 * the very last one. A counter that lost or doubled one update during the hammer opens early or
 * never. Fresh breakers, {@value #ROUNDS} rounds.
 */
final class OutcomeHammerScenario implements BreakerScenario {
    static final int THREADS = 4;
    static final long HAMMER_MILLIS = 120;
    static final int MAX_CALLS = 2_000_000;
    static final int ROUNDS = 3;
    static final int WINDOW = 64;

    @Override
    public String name() {
        return Scenarios.OUTCOME_HAMMER;
    }

    @Override
    public String summary() {
        return THREADS + " threads report outcomes at once for " + HAMMER_MILLIS + " ms, " + ROUNDS + " rounds";
    }

    @Override
    public void run(BreakerRig rig) throws Exception {
        BreakerConfig config = new BreakerConfig(100, 100, Duration.ofSeconds(10), WINDOW, WINDOW,
                Duration.ofSeconds(30), 2);
        try (Workers workers = new Workers()) {
            for (int round = 1; round <= ROUNDS; round++) {
                BreakerProbe probe = rig.open("b" + round, config, false);
                hammer(rig, probe, workers, round);
                rig.call(probe, false, 1);
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
        for (int t = 1; t <= THREADS; t++) {
            String worker = "hammer-" + round + "-" + t;
            workers.start(worker, () -> rig.recorder().call(rig.scenario(), worker, BreakerOp.OUTCOMES,
                    OutcomeBatch.args(probe.id(), probe.ticker().peek()), () -> {
                        ready.incrementAndGet();
                        while (!go.get()) {
                            Thread.onSpinWait();
                        }
                        return report(probe, deadline.get());
                    }, OutcomeBatch::result, Recorder.OnError.FAILED));
        }
        while (ready.get() < THREADS) {
            Thread.onSpinWait();
        }
        deadline.set(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HAMMER_MILLIS));
        go.set(true);
        workers.awaitAll();
    }

    private static OutcomeBatch report(BreakerProbe probe, long deadline) {
        int failures = 0;
        int i = 0;
        for (; i < MAX_CALLS && ((i & 255) != 0 || System.nanoTime() - deadline < 0); i++) {
            if (!probe.breaker().tryAcquirePermission()) {
                return new OutcomeBatch(probe.id(), probe.ticker().peek(), i, failures, true);
            }
            if (i % 2 == 0) {
                failures++;
                probe.breaker().onError(1_000_000L, new BreakerRig.DependencyFailure("HTTP 503 from the dependency"));
            } else {
                probe.breaker().onSuccess(1_000_000L);
            }
        }
        return new OutcomeBatch(probe.id(), probe.ticker().peek(), i, failures, false);
    }
}
