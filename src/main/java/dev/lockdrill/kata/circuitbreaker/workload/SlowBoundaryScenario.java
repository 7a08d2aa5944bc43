package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * A call is slow only when it takes longer than slowCallDurationThreshold, and a failed call can be
 * slow too. b1: minimumNumberOfCalls successes that last exactly the threshold (none is slow: it
 * must stay closed), and trials of exactly the threshold close it again. b2: failures one
 * nanosecond over the threshold and a single fast success: the failure rate stays under its 100 %
 * threshold, the slow-call rate is over 50 %, so it must open on the minimumNumberOfCalls-th call.
 */
final class SlowBoundaryScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.SLOW_BOUNDARY;
    }

    @Override
    public String summary() {
        return "calls lasting exactly slowCallDurationThreshold; failed calls just over it";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.slowCalls(rig.random());
        long threshold = config.slowCallDurationThreshold().toNanos();
        int minimum = config.minimumNumberOfCalls();
        BreakerProbe exact = rig.open("b1", config, true);
        for (int i = 0; i < minimum + 1; i++) {
            rig.callNanos(exact, false, threshold);
        }
        BreakerProbe slowFailures = rig.open("b2", config, true);
        for (int i = 0; i < minimum; i++) {
            rig.callNanos(slowFailures, i != 1, i == 1 ? 5_000_000L : threshold + 1);
        }
        rig.advanceTo(slowFailures, slowFailures.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
        for (int i = 0; i < config.permittedNumberOfCallsInHalfOpenState(); i++) {
            rig.callNanos(slowFailures, false, threshold);
        }
        rig.call(slowFailures, false, 5);
    }
}
