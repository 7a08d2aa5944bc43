package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.Workers;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * 64 threads ask for a permit at the same instant, just after the open wait. Every read of the
 * ticker waits until all of them are reading it, so an implementation that looks at the state,
 * reads the time and then changes the state lets every thread see OPEN. At most
 * permittedNumberOfCallsInHalfOpenState may pass and OPEN → HALF_OPEN must be announced once.
 */
final class HalfOpenRaceScenario implements BreakerScenario {
    static final int THREADS = 64;
    static final int ROUNDS = 8;

    @Override
    public String name() {
        return Scenarios.HALF_OPEN_RACE;
    }

    @Override
    public String summary() {
        return THREADS + " threads race for the half-open trials, " + ROUNDS + " rounds";
    }

    @Override
    public void run(BreakerRig rig) throws Exception {
        int trials = 2 + rig.random().nextInt(7);
        BreakerConfig config = new BreakerConfig(50, 100, Duration.ofSeconds(10), 4, 4, Duration.ofSeconds(30),
                trials);
        BreakerProbe probe = rig.open("b1", config, false);
        try (Workers workers = new Workers()) {
            for (int round = 1; round <= ROUNDS; round++) {
                long opened = rig.failFast(probe, config.minimumNumberOfCalls());
                rig.advanceTo(probe, opened, probe.pastWaitMillis());
                int permitted = race(rig, probe, workers, round);
                for (int i = 0; i < permitted; i++) {
                    rig.outcome(probe, false, 1_000_000L);
                }
                for (int i = 0; i < trials && probe.announced() != BreakerState.CLOSED; i++) {
                    rig.call(probe, false, 1);
                }
                probe.ticker().advanceMillis(10);
            }
        }
    }

    private static int race(BreakerRig rig, BreakerProbe probe, Workers workers, int round) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch enlisted = new CountDownLatch(THREADS);
        AtomicInteger permitted = new AtomicInteger();
        Rendezvous gate = new Rendezvous(THREADS, 20);
        probe.ticker().arm(gate);
        for (int t = 1; t <= THREADS; t++) {
            String worker = "racer-" + t;
            workers.start(worker, () -> {
                gate.enlist();
                enlisted.countDown();
                start.await();
                if (rig.acquire(probe, worker, round)) {
                    permitted.incrementAndGet();
                }
            });
        }
        // every racer is known to the gate before any is let go (see Rendezvous#enlist)
        enlisted.await();
        start.countDown();
        workers.awaitAll();
        probe.ticker().disarm();
        return permitted.get();
    }
}
