package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * permittedNumberOfCallsInHalfOpenState limits the trials in total, not in flight: one trial goes
 * out and comes back failed, then more callers than the remaining trials ask at once. Only the
 * remaining ones may pass (a breaker that hands a permit back when a trial returns lets one too
 * many in). The failure threshold is 100 % of a window of minimumNumberOfCalls, so a single failed
 * trial decides nothing yet however the breaker counts.
 */
final class HalfOpenTrickleScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.HALF_OPEN_TRICKLE;
    }

    @Override
    public String summary() {
        return "a trial returns, then more askers than the remaining trials";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.allMustFail(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        int trials = config.permittedNumberOfCallsInHalfOpenState();
        long opened = rig.failFast(probe, config.minimumNumberOfCalls());
        rig.advanceTo(probe, opened, config.waitDurationInOpenState().toMillis() + 1);
        rig.call(probe, true, 5);
        int permitted = 0;
        for (int i = 0; i < trials + 1; i++) {
            permitted += rig.acquire(probe) ? 1 : 0;
        }
        probe.ticker().advanceMillis(5);
        for (int i = 0; i < permitted; i++) {
            rig.outcome(probe, false, 5_000_000L);
        }
        rig.call(probe, false, 5);
    }
}
