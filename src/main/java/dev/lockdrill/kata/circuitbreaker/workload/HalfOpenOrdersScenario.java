package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * The half-open verdict waits for its trials whichever outcome comes back first. Seeded: 3-5
 * trials, as many as minimumNumberOfCalls (so the verdict is due when all are back), and a failure
 * threshold above one trial in all of them and at most all but one (for 3 trials: 33.4 % to 66.6 %).
 * The trials come back failure first, then successes: it must not reopen on the first failure, and
 * closes. Opened again (failures while CLOSED; while still OPEN, none gets through), the trials come back success first, then failures: it must not close on the
 * first success, and reopens. Which round comes first is seeded too.
 */
final class HalfOpenOrdersScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.HALF_OPEN_ORDERS;
    }

    @Override
    public String summary() {
        return "trials back failure first (it must close), then success first (it must reopen)";
    }

    @Override
    public void run(BreakerRig rig) {
        SplittableRandom random = rig.random();
        int trials = 3 + random.nextInt(3);
        int lowest = 1000 / trials + 1;
        int highest = 1000 * (trials - 1) / trials;
        float threshold = (lowest + random.nextInt(highest - lowest + 1)) / 10f;
        BreakerConfig config = new BreakerConfig(threshold, 100f, Duration.ofSeconds(10),
                trials + random.nextInt(4), trials, Duration.ofSeconds(1 + random.nextInt(60)), trials);
        BreakerProbe probe = rig.open("b1", config, true);
        boolean failureFirst = random.nextBoolean();
        for (int round = 0; round < 2; round++) {
            rig.failFast(probe, config.slidingWindowSize());
            rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
            int permitted = 0;
            for (int i = 0; i < trials; i++) {
                permitted += rig.acquire(probe) ? 1 : 0;
            }
            probe.ticker().advanceMillis(5);
            boolean first = round == 0 == failureFirst;
            for (int i = 0; i < permitted; i++) {
                rig.outcome(probe, i == 0 ? first : !first, 5_000_000L);
            }
        }
        rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
        rig.call(probe, false, 5);
    }
}
