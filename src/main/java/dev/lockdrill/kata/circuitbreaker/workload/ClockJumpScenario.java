package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * While the breaker is open the time of day jumps an hour forward, then two hours back (an NTP
 * step, a VM resumed from suspend). Only the monotonic ticker may decide when the wait is over.
 */
final class ClockJumpScenario implements BreakerScenario {
    private static final long HOUR = 3_600_000L;

    @Override
    public String name() {
        return Scenarios.CLOCK_JUMP;
    }

    @Override
    public String summary() {
        return "wall clock +1 h then -2 h while open";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        long opened = rig.failFast(probe, config.minimumNumberOfCalls());
        long wait = config.waitDurationInOpenState().toMillis();
        rig.jumpWallClock(probe, HOUR);
        rig.advanceTo(probe, opened, 1);
        rig.call(probe, false, 5);
        rig.advanceTo(probe, opened, wait - 1);
        rig.jumpWallClock(probe, -2 * HOUR);
        rig.call(probe, false, 5);
        rig.advanceTo(probe, opened, wait + 1);
        for (int i = 0; i <= config.permittedNumberOfCallsInHalfOpenState(); i++) {
            rig.call(probe, false, 5);
        }
    }
}
