package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;

import java.util.concurrent.TimeUnit;

/** Client threads that call one dependency in a loop for a while, waiting for each answer. */
final class Clients {
    private Clients() {
    }

    static void steady(Workers workers, BulkheadRig rig, String dependency, int threads, long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (int t = 1; t <= threads; t++) {
            String worker = dependency + "-client-" + t;
            workers.start(worker, () -> {
                while (System.nanoTime() < end) {
                    rig.callAndWait(worker, dependency);
                    Pause.millis(2);
                }
            });
        }
    }
}
