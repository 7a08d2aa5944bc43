package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.StallAfterRoundTrip;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.concurrent.Future;

/**
 * A stall at the worst moment: worker-1 (lower token) is held still right after its first round
 * trip to PostgreSQL, and worker-2 (higher token) writes the same key meanwhile. A store that
 * checks in one statement and writes in another lets the lower token land last. Runs once on an
 * existing key and once on a key neither has written.
 */
final class StalledRoundTripScenario implements FencingScenario {
    static final long STALL_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "stalled-round-trip";
    }

    @Override
    public String summary() {
        return "worker-1 stalls between its round trips while worker-2 writes a higher token";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        long base = 100 + rig.random().nextInt(800);
        String existing = rig.key("existing");
        FencedStore setup = rig.store("worker-0");
        rig.write("worker-0", setup, existing, base, "initial");
        FencedStore first = rig.store("worker-1");
        FencedStore second = rig.store("worker-2");
        race(rig, first, second, existing, base + 1, base + 2);
        race(rig, first, second, rig.key("new"), base + 3, base + 4);
        rig.read("worker-0", setup, existing);
        rig.read("worker-0", setup, rig.key("new"));
    }

    private static void race(FencingRig rig, FencedStore first, FencedStore second, String key, long lower,
                             long higher) throws Exception {
        StallAfterRoundTrip gate = new StallAfterRoundTrip(1, 10_000);
        rig.dataSourceOf("worker-1").hook(gate);
        try (Workers workers = new Workers()) {
            Future<?> firstWrite = workers.start("worker-1",
                    () -> rig.write("worker-1", first, key, lower, "lower token " + lower));
            while (!firstWrite.isDone() && !gate.awaitStalled(5)) {
                Thread.onSpinWait();
            }
            long start = rig.recorder().now();
            if (gate.stalled()) {
                Future<?> secondWrite = workers.start("worker-2",
                        () -> rig.write("worker-2", second, key, higher, "higher token " + higher));
                StallAfterRoundTrip.awaitDoneOrBlocked(rig.database(), secondWrite, "worker-2", STALL_CAP_MILLIS);
                gate.release();
                rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, "worker-1 stalled after its first "
                        + "round trip (token " + lower + ") until worker-2's write of token " + higher
                        + " finished or waited on worker-1's lock");
            } else {
                rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, "worker-1 wrote token " + lower
                        + " in a single round trip, so there was no gap to stall in");
                rig.write("worker-2", second, key, higher, "higher token " + higher);
            }
            workers.awaitAll();
        } finally {
            rig.dataSourceOf("worker-1").hook(RoundTripHook.NONE);
        }
    }
}
