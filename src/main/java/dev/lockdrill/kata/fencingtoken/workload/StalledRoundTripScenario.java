package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.EveryRoundTripGap;
import dev.lockdrill.harness.StallAfterRoundTrip;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * A stall at the worst moment: worker-1 is held still between two of its round trips to
 * PostgreSQL, after the first, then after the second and so on (each on a key of its own), and
 * worker-2 writes the same key meanwhile, in both orders of their tokens. With
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
        FencedStore setup = rig.store("worker-0");
        FencedStore first = rig.store("worker-1");
        FencedStore second = rig.store("worker-2");
        List<String> keys = new ArrayList<>();
        every(rig, setup, first, second, keys, "existing", base, base + 1, base + 2);
        every(rig, setup, first, second, keys, "new", -1, base + 3, base + 4);
        every(rig, setup, first, second, keys, "existing-higher-stalls", base, base + 6, base + 5);
        every(rig, setup, first, second, keys, "new-higher-stalls", -1, base + 8, base + 7);
        for (String key : keys) {
            rig.read("worker-0", setup, key);
        }
    }

    /**
     * One order of tokens, raced in every gap between worker-1's round trips in turn, each on a key
     * of its own ({@code initial} written first unless negative), and said as one fault.
     */
    private static void every(FencingRig rig, FencedStore setup, FencedStore first, FencedStore second,
                              List<String> keys, String name, long initial, long stalled, long other) throws Exception {
        long start = rig.recorder().now();
        int gaps = EveryRoundTripGap.run(letThrough -> {
            String key = rig.key(name + (letThrough == 1 ? "" : "-gap-" + letThrough));
            keys.add(key);
            if (initial >= 0) {
                rig.write("worker-0", setup, key, initial, "initial");
            }
            return race(rig, first, second, key, stalled, other, letThrough);
        });
        rig.recorder().fault(Faults.STALL, rig.scenario(), "worker-1", start, gaps == 0
                ? "worker-1 wrote token " + stalled + " in a single round trip, so there was no gap to stall in"
                : "worker-1 (token " + stalled + ", key " + (initial >= 0 ? "already written" : "new")
                + ") stalled after each of its first " + gaps + " round trips in turn, each time until worker-2's "
                + "write of token " + other + " finished or waited on worker-1's lock");
    }

    /**
     * worker-1 writes {@code stalled}'s token and is held after {@code letThrough} round trips;
     * worker-2 writes {@code other}'s. True if worker-1 was held (it made that many round trips).
     */
    private static boolean race(FencingRig rig, FencedStore first, FencedStore second, String key, long stalled,
                                long other, int letThrough) throws Exception {
        StallAfterRoundTrip gate = new StallAfterRoundTrip(letThrough, 10_000);
        rig.dataSourceOf("worker-1").hook(gate);
        try (Workers workers = new Workers()) {
            Future<?> firstWrite = workers.start("worker-1",
                    () -> rig.write("worker-1", first, key, stalled, "token " + stalled + " (stalled)"));
            while (!firstWrite.isDone() && !gate.awaitStalled(5)) {
                Thread.onSpinWait();
            }
            if (gate.stalled()) {
                Future<?> secondWrite = workers.start("worker-2",
                        () -> rig.write("worker-2", second, key, other, "token " + other));
                StallAfterRoundTrip.awaitDoneOrBlocked(rig.database(), secondWrite, "worker-2", STALL_CAP_MILLIS);
                gate.release();
            } else {
                rig.write("worker-2", second, key, other, "token " + other);
            }
            workers.awaitAll();
            return gate.stalled();
        } finally {
            rig.dataSourceOf("worker-1").hook(RoundTripHook.NONE);
        }
    }
}
