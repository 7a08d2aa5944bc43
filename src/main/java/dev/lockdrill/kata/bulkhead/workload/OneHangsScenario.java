package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * apns hangs (every call blocks until it recovers) while a client fires bursts of calls at it
 * without waiting (a burst is twice its limit, so some calls must wait or be turned away); fcm and webhook stay healthy and are called as usual. The hung calls must stay
 * within apns's share: the others keep their latency and get no errors, extra apns calls are
 * rejected at once, and timed-out apns calls are interrupted.
 */
final class OneHangsScenario implements BulkheadScenario {
    static final String HUNG = "apns";
    static final long MILLIS = 600;
    static final int BURST = 6;

    @Override
    public String name() {
        return "one-hangs";
    }

    @Override
    public String summary() {
        return HUNG + " hangs under a stream of calls; fcm and webhook must not notice";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(HUNG, 3, "fcm", 4, "webhook", 4);
    }

    @Override
    public long delayMillis() {
        return 2;
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        long start = rig.recorder().now();
        rig.dependency(HUNG).hang();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MILLIS);
        try (Workers workers = new Workers()) {
            String firehose = HUNG + "-firehose";
            workers.start(firehose, () -> {
                for (int round = 0; round < Clients.MIN_CALLS || System.nanoTime() < end; round++) {
                    for (int i = 0; i < BURST; i++) {
                        rig.start(firehose, HUNG);
                    }
                    Pause.millis(20);
                }
            });
            Clients.steady(workers, rig, "fcm", 2, MILLIS);
            Clients.steady(workers, rig, "webhook", 2, MILLIS);
            workers.awaitAll();
        }
        rig.recorder().fault(Faults.HANG, rig.scenario(), HUNG, start, HUNG + " hung for " + MILLIS
                + " ms: every call blocked until it recovered");
    }
}
