package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.StallAfterRoundTrip;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.concurrent.Future;

/**
 * A stall at the worst moment: worker-1 is held still right after its first round trip to
 * PostgreSQL, and worker-2 writes the same key meanwhile, in both orders of their tokens. With
 * worker-1 holding the lower token, a store that checks in one statement and writes in another
 * lets the lower token land last (C2). With worker-1 holding the higher token, a store that finds
 * the key missing, then loses the race to insert it, must still get the higher token through
 * (C3): an "update, else insert, and a duplicate means I lost" store refuses the current holder.
 * Each order runs once on an existing key and once on a key neither has written.
 */
final class StalledRoundTripScenario implements FencingScenario {
    static final long STALL_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "stalled-round-trip";
    }

    @Override
    public String summary() {
        return "worker-1 stalls between its round trips while worker-2 writes a higher, then a lower token";
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
        String existingToo = rig.key("existing-higher-stalls");
        rig.write("worker-0", setup, existingToo, base, "initial");
        race(rig, first, second, existingToo, base + 6, base + 5);
        race(rig, first, second, rig.key("new-higher-stalls"), base + 8, base + 7);
        for (String key : new String[] {existing, rig.key("new"), existingToo, rig.key("new-higher-stalls")}) {
            rig.read("worker-0", setup, key);
        }
    }

    /** worker-1 writes {@code stalled}'s token and is held after its first round trip; worker-2 writes {@code other}'s. */
    private static void race(FencingRig rig, FencedStore first, FencedStore second, String key, long stalled,
                             long other) throws Exception {
        StallAfterRoundTrip gate = new StallAfterRoundTrip(1, 10_000);
        rig.dataSourceOf("worker-1").hook(gate);
        try (Workers workers = new Workers()) {
            Future<?> firstWrite = workers.start("worker-1",
                    () -> rig.write("worker-1", first, key, stalled, "token " + stalled + " (stalled)"));
            while (!firstWrite.isDone() && !gate.awaitStalled(5)) {
                Thread.onSpinWait();
            }
            long start = rig.recorder().now();
            if (gate.stalled()) {
                Future<?> secondWrite = workers.start("worker-2",
                        () -> rig.write("worker-2", second, key, other, "token " + other));
                StallAfterRoundTrip.awaitDoneOrBlocked(rig.database(), secondWrite, "worker-2", STALL_CAP_MILLIS);
                gate.release();
                rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, "worker-1 stalled after its first "
                        + "round trip (token " + stalled + ") until worker-2's write of token " + other
                        + " finished or waited on worker-1's lock");
            } else {
                rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, "worker-1 wrote token " + stalled
                        + " in a single round trip, so there was no gap to stall in");
                rig.write("worker-2", second, key, other, "token " + other);
            }
            workers.awaitAll();
        } finally {
            rig.dataSourceOf("worker-1").hook(RoundTripHook.NONE);
        }
    }
}
