package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * Callers that got a permit and never reported an outcome (they crashed, or were cancelled) are no
 * calls: only reported outcomes fill the window. Half of minimumNumberOfCalls permits are
 * abandoned, then as many calls fail: the breaker must stay closed (a breaker that counts permits
 * as calls opens here); then as many succeed and it opens at exactly the threshold.
 */
final class AbandonedPermitsScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.ABANDONED_PERMITS;
    }

    @Override
    public String summary() {
        return "permits that never get an outcome, then calls at the minimum and the threshold";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        int half = config.minimumNumberOfCalls() / 2;
        for (int i = 0; i < half; i++) {
            rig.acquire(probe);
        }
        for (int i = 0; i < half; i++) {
            rig.call(probe, true, 5);
        }
        for (int i = 0; i < half + 1; i++) {
            rig.call(probe, false, 5);
        }
    }
}
