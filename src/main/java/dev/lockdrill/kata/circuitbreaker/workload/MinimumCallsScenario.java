package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * Failures first, then successes, so the failure rate is 100 % while fewer than
 * minimumNumberOfCalls calls were made and exactly the 50 % threshold when the minimum is reached:
 * the breaker must stay closed until then, and open exactly then ({@code >=}, not {@code >}).
 */
final class MinimumCallsScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.MINIMUM_CALLS;
    }

    @Override
    public String summary() {
        return "failures before minimumNumberOfCalls, then a failure rate exactly at the threshold";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        int minimum = config.minimumNumberOfCalls();
        for (int i = 0; i < minimum; i++) {
            rig.call(probe, i < minimum / 2, 5);
        }
        for (int i = 0; i < 3; i++) {
            probe.ticker().advanceMillis(1);
            rig.call(probe, false, 5);
        }
    }
}
