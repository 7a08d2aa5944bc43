package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.katas.api.fencing.FencedStore;

/**
 * One writer, in order: tokens that cross a power of ten (9 → 10, 99 → 100 or 999 → 1000), a
 * retry of an accepted write, a stale token, and a first write to a fresh key. Nothing here is
 * concurrent, so every answer is exactly determined.
 */
final class DigitBoundaryScenario implements FencingScenario {
    @Override
    public String name() {
        return "digit-boundary";
    }

    @Override
    public String summary() {
        return "one writer: tokens crossing a power of ten, a retry, a stale token";
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
        rig.write("worker-1", store, key, base - 3, "v" + (base - 3));
        rig.write("worker-1", store, key, base + 1, "v" + (base + 1));
        rig.read("worker-1", store, key);
        String fresh = rig.key("fresh");
        rig.write("worker-1", store, fresh, base + 7, "first");
        rig.read("worker-1", store, fresh);
    }
}
