package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * Nothing fails, but half the calls take longer than slowCallDurationThreshold: a slow call counts
 * towards slowCallRateThreshold, so the breaker opens. Slow trials reopen it; fast trials close it.
 */
final class SlowCallScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.SLOW_CALLS;
    }

    @Override
    public String summary() {
        return "successful but slow calls at exactly the slow-call rate threshold";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.slowCalls(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        long slow = config.slowCallDurationThreshold().toMillis() + 1000;
        for (int i = 0; i < config.minimumNumberOfCalls(); i++) {
            rig.call(probe, false, i % 2 == 0 ? slow : 100);
        }
        long wait = config.waitDurationInOpenState().toMillis();
        for (long duration : new long[]{slow, 100}) {
            rig.advanceTo(probe, probe.ticker().peek(), wait + 1);
            for (int i = 0; i < config.permittedNumberOfCallsInHalfOpenState(); i++) {
                rig.call(probe, false, duration);
            }
        }
        rig.call(probe, false, 100);
    }
}
