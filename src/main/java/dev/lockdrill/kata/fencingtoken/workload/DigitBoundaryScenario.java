package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.katas.api.fencing.FencedStore;

/**
 * One writer, in order: tokens that cross a power of ten (9 → 10, 99 → 100 or 999 → 1000), a
 * retry of an accepted write, the same token again with another value, a stale token, and a first
 * write to a fresh key; then tokens across 2^31 and 2^32 on another key, and a stale one among
 * them. Nothing here is concurrent, so every answer is exactly determined.
 */
final class DigitBoundaryScenario implements FencingScenario {
    static final long INT_LIMIT = 1L << 31;

    @Override
    public String name() {
        return "digit-boundary";
    }

    @Override
    public String summary() {
        return "one writer: tokens crossing a power of ten and 2^31, a retry, the same token with another value, "
                + "a stale token";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        long base = (long) Math.pow(10, 1 + rig.random().nextInt(3));
        String key = rig.key("account");
        FencedStore store = rig.store("worker-1");
        rig.write("worker-1", store, key, base - 2, "v" + (base - 2));
        rig.write("worker-1", store, key, base - 1, "v" + (base - 1));
        rig.write("worker-1", store, key, base, "v" + base);
        rig.write("worker-1", store, key, base, "v" + base);
        rig.write("worker-1", store, key, base, "v" + base + " again, another value");
        rig.write("worker-1", store, key, base - 3, "v" + (base - 3));
        rig.write("worker-1", store, key, base + 1, "v" + (base + 1));
        rig.read("worker-1", store, key);
        String fresh = rig.key("fresh");
        rig.write("worker-1", store, fresh, base + 7, "first");
        rig.read("worker-1", store, fresh);
        String wide = rig.key("wide");
        long below = INT_LIMIT - 1 - rig.random().nextInt(3);
        rig.write("worker-1", store, wide, below, "below 2^31");
        rig.write("worker-1", store, wide, INT_LIMIT, "2^31");
        rig.write("worker-1", store, wide, 2 * INT_LIMIT + 1, "past 2^32");
        rig.write("worker-1", store, wide, INT_LIMIT + 5, "stale, past 2^31");
        rig.read("worker-1", store, wide);
    }
}
