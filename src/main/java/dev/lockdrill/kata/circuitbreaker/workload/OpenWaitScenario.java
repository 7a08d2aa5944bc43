package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * An outage opens the breaker; callers keep knocking during the wait (a quarter, a half, one
 * millisecond before the end) and must all be turned away; one millisecond after the wait the
 * next caller gets a trial, and successful trials close the breaker.
 */
final class OpenWaitScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.OPEN_WAIT;
    }

    @Override
    public String summary() {
        return "outage opens the breaker; knocks during the wait; recovery after it";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        long opened = rig.failFast(probe, config.minimumNumberOfCalls());
        long wait = config.waitDurationInOpenState().toMillis();
        for (long at : new long[]{wait / 4, wait / 2, wait - 1}) {
            rig.advanceTo(probe, opened, at);
            rig.call(probe, false, 5);
        }
        rig.advanceTo(probe, opened, wait + 1);
        for (int i = 0; i < config.permittedNumberOfCallsInHalfOpenState(); i++) {
            rig.call(probe, false, 5);
        }
        for (int i = 0; i < 2; i++) {
            rig.call(probe, false, 5);
        }
    }
}
