package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

import java.util.concurrent.TimeUnit;

/**
 * p1 is slow but under its timeout: it answers after 12 s of the 15. Slow is not down: every job
 * must wait for p1's answer and complete there, none may skip it.
 */
final class SlowProviderScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.SLOW_PROVIDER;
    }

    @Override
    public String summary() {
        return "p1 answers after 12 s of its 15 s timeout; four jobs, two workers";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.SLOW);
        p1.slowNanos(TimeUnit.SECONDS.toNanos(12));
        long start = rig.recorder().now();
        for (int i = 0; i < 4; i++) {
            rig.job(ladder, i % 2 == 0 ? "worker-1" : "worker-2");
            ladder.ticker().advanceMillis(1_000);
        }
        rig.recorder().fault(Faults.SLOW, rig.scenario(), p1.name(), start, p1.calls() > 0,
                p1.calls() > 0 ? "p1 answered each of its " + p1.calls() + " calls after 12 s (timeout 15 s)"
                        : "p1 was to answer slowly, but no job called it");
    }
}
