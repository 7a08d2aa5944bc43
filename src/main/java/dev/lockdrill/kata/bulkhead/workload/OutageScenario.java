package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * fcm fails every call at once for four busy clients, with a checked IOException and an unchecked
 * 503 in turn (which comes first is seeded): each caller must get the very exception. Then it recovers and one client
 * calls it ten times, one call at a time. Every one of those must be admitted: a permit lost to an
 * exception would reject them.
 */
final class OutageScenario implements BulkheadScenario {
    static final String DOWN = "fcm";

    @Override
    public String name() {
        return "outage";
    }

    @Override
    public String summary() {
        return DOWN + " fails every call (checked and unchecked exceptions), then recovers; idle calls must be admitted";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(DOWN, 2, "pg", 3);
    }

    @Override
    public long delayMillis() {
        return 1;
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        long start = rig.recorder().now();
        rig.dependency(DOWN).fail(random.nextBoolean());
        try (Workers workers = new Workers()) {
            Clients.steady(workers, rig, DOWN, 4, 150);
            workers.awaitAll();
        }
        rig.dependency(DOWN).recover();
        rig.recorder().fault(Faults.OUTAGE, rig.scenario(), DOWN, start, DOWN + " answered 503 to every call for 150 ms");
        Pause.millis(20);
        for (int i = 0; i < 10; i++) {
            rig.idleCall("idle-caller", DOWN);
        }
    }
}
