package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * p1 answers 503 in 50 ms. A fast failure is a failure too: two workers alternate jobs every 8 s;
 * those within the TTL skip p1, the one after it probes (503 again), the next skips again.
 */
final class FailFastScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.FAIL_FAST_PROVIDER;
    }

    @Override
    public String summary() {
        return "p1 answers 503 at once; two workers, a job every 8 s across two TTLs";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.FAIL_FAST);
        for (int i = 0; i < 8; i++) {
            rig.job(ladder, i % 2 == 0 ? "worker-1" : "worker-2");
            ladder.ticker().advanceMillis(8_000);
        }
        rig.providerFault(LadderFaults.FAIL_FAST, p1, "p1 answers 503 after 50 ms");
    }
}
