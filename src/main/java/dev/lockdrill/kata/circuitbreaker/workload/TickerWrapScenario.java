package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.util.concurrent.TimeUnit;

/**
 * The ticker is like System.nanoTime: its origin is arbitrary. One breaker's ticker passes
 * Long.MAX_VALUE and wraps to negative values halfway through the open wait, another's passes
 * zero there. Only differences of ticker values mean anything: {@code now >= openedAt + wait}
 * overflows, {@code now - openedAt >= wait} does not.
 */
final class TickerWrapScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.TICKER_WRAP;
    }

    @Override
    public String summary() {
        return "the ticker wraps past Long.MAX_VALUE (and crosses zero) during the open wait";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        long wait = config.waitDurationInOpenState().toMillis();
        long beforeHalfWait = TimeUnit.MILLISECONDS.toNanos(5L * config.minimumNumberOfCalls() + wait / 2);
        drive(rig, rig.open("b1", config, true, Long.MAX_VALUE - beforeHalfWait), config);
        drive(rig, rig.open("b2", config, true, -beforeHalfWait), config);
    }

    private static void drive(BreakerRig rig, BreakerProbe probe, BreakerConfig config) {
        long opened = rig.failFast(probe, config.minimumNumberOfCalls());
        long wait = config.waitDurationInOpenState().toMillis();
        for (long at : new long[]{1, wait / 2 + 1, wait - 1}) {
            rig.advanceTo(probe, opened, at);
            rig.call(probe, false, 5);
        }
        rig.advanceTo(probe, opened, wait + 1);
        for (int i = 0; i < config.permittedNumberOfCallsInHalfOpenState() + 1; i++) {
            rig.call(probe, false, 5);
        }
    }
}
