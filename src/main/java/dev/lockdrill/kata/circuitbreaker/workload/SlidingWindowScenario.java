package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * The rates are over the last slidingWindowSize calls, not over every call since the state began:
 * more successes than the (odd-sized) window holds, then failures. It must open once more than half
 * the window failed (a rate over all calls since CLOSED began opens far later). Then it recovers and does it again:
 * the window starts empty after every transition.
 */
final class SlidingWindowScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.SLIDING_WINDOW;
    }

    @Override
    public String summary() {
        return "successes beyond the window, then failures: only the last slidingWindowSize calls count";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.oddWindow(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        int window = config.slidingWindowSize();
        for (int cycle = 0; cycle < 2; cycle++) {
            for (int i = 0; i < window + 3; i++) {
                rig.call(probe, false, 5);
            }
            for (int i = 0; i < window; i++) {
                rig.call(probe, true, 5);
            }
            rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
            for (int i = 0; i < config.permittedNumberOfCallsInHalfOpenState(); i++) {
                rig.call(probe, false, 5);
            }
        }
    }
}
