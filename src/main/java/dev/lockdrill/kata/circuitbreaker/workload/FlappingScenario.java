package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * A dependency that keeps going down and coming back: phases of different failure and slowness
 * rates, calls and idle gaps of random length, with a seeded configuration. The reference model
 * decides every permit and every transition.
 */
final class FlappingScenario implements BreakerScenario {
    private static final int STEPS = 400;
    private static final double[] FAILURE_RATES = {0, 0.1, 0.5, 0.9, 1};
    private static final double[] SLOW_RATES = {0, 0.3, 0.8};

    @Override
    public String name() {
        return Scenarios.FLAPPING;
    }

    @Override
    public String summary() {
        return STEPS + " calls against a dependency that fails, slows down and recovers in phases";
    }

    @Override
    public void run(BreakerRig rig) {
        SplittableRandom random = rig.random();
        int window = 4 + random.nextInt(9);
        BreakerConfig config = new BreakerConfig(40 + 10 * random.nextInt(3), 50 + 30 * random.nextInt(2),
                Duration.ofMillis(2000), window, 2 + random.nextInt(window - 1),
                Duration.ofSeconds(5 + random.nextInt(26)), 1 + random.nextInt(5));
        BreakerProbe probe = rig.open("b1", config, true);
        long wait = config.waitDurationInOpenState().toMillis();
        double failures = 0;
        double slow = 0;
        for (int step = 0; step < STEPS; step++) {
            if (step % 40 == 0) {
                failures = FAILURE_RATES[random.nextInt(FAILURE_RATES.length)];
                slow = SLOW_RATES[random.nextInt(SLOW_RATES.length)];
            }
            long duration = random.nextDouble() < slow ? 2001 + random.nextInt(2000) : 1 + random.nextInt(1500);
            if (!rig.call(probe, random.nextDouble() < failures, duration)) {
                probe.ticker().advanceMillis(1 + random.nextLong(wait / 3));
            }
        }
    }
}
