package dev.lockdrill.harness;

import java.util.SplittableRandom;

/** Derives an independent, reproducible random stream per scenario from the run's seed. */
public final class Seeds {
    private Seeds() {
    }

    public static SplittableRandom forScenario(long seed, String scenario) {
        long mixed = seed * 0x9E3779B97F4A7C15L ^ scenario.hashCode();
        return new SplittableRandom(mixed);
    }
}
