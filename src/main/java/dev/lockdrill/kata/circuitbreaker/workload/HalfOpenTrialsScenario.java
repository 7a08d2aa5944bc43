package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

/**
 * After the wait, more callers than permittedNumberOfCallsInHalfOpenState ask at once (before any
 * trial finishes): only that many may pass. The trials then come back success first and half of
 * them failed, exactly the threshold: the breaker must wait for every trial and reopen. After the
 * next wait all trials succeed and it closes, with an empty window: it may open again only after
 * minimumNumberOfCalls new calls.
 */
final class HalfOpenTrialsScenario implements BreakerScenario {
    @Override
    public String name() {
        return Scenarios.HALF_OPEN_TRIALS;
    }

    @Override
    public String summary() {
        return "more askers than trials; trials judged only when all are back; fresh window after closing";
    }

    @Override
    public void run(BreakerRig rig) {
        BreakerConfig config = BreakerConfigs.failureRate(rig.random());
        BreakerProbe probe = rig.open("b1", config, true);
        int trials = config.permittedNumberOfCallsInHalfOpenState();
        long wait = config.waitDurationInOpenState().toMillis();
        long opened = rig.failFast(probe, config.minimumNumberOfCalls());
        rig.advanceTo(probe, opened, wait + 1);
        int permitted = 0;
        for (int i = 0; i < trials + 2; i++) {
            permitted += rig.acquire(probe) ? 1 : 0;
        }
        probe.ticker().advanceMillis(5);
        for (int i = 0; i < permitted; i++) {
            rig.outcome(probe, i % 2 == 1, 5_000_000L);
        }
        long reopened = probe.ticker().peek();
        rig.advanceTo(probe, reopened, wait + 1);
        for (int i = 0; i < trials; i++) {
            rig.call(probe, false, 5);
        }
        rig.failFast(probe, config.minimumNumberOfCalls());
        rig.call(probe, false, 5);
    }
}
