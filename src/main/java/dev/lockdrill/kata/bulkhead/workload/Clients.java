package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;

import java.util.concurrent.TimeUnit;

/**
 * Client threads that call one dependency in a loop for a while, waiting for each answer — and at
 * least {@value #MIN_CALLS} times each, however slowly a loaded machine schedules them, so that a
 * scenario is bounded by calls as well as by time.
 */
final class Clients {
    static final int MIN_CALLS = 5;

    private Clients() {
    }

    static void steady(Workers workers, BulkheadRig rig, String dependency, int threads, long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (int t = 1; t <= threads; t++) {
            String worker = dependency + "-client-" + t;
            workers.start(worker, () -> {
                for (int i = 0; i < MIN_CALLS || System.nanoTime() < end; i++) {
                    rig.callAndWait(worker, dependency);
                    Pause.millis(2);
                }
            });
        }
    }
}
