package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * The notes' story on one worker: p1 hangs to its 15 s timeout. The first job pays it and falls
 * through to p2; jobs at +5, +10, +20 and +25 s after that failure came back must skip p1 (the
 * last two also catch a TTL counted from the call's start); a job just after the 30 s TTL probes
 * p1, which still hangs, so a job 20 s after that probe's failure must skip p1 again.
 */
final class HangingProviderScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.HANGING_PROVIDER;
    }

    @Override
    public String summary() {
        return "p1 hangs to its 15 s timeout; one worker's jobs before, at and after the 30 s TTL";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.HANG);
        rig.job(ladder, "worker-1");
        long failed = p1.lastFailureEnd();
        for (long after : new long[]{5_000, 10_000, 20_000, 25_000}) {
            rig.at(ladder, failed, after);
            rig.job(ladder, "worker-1");
        }
        rig.at(ladder, failed, 31_000);
        rig.job(ladder, "worker-1");
        long probeFailed = p1.lastFailureEnd();
        rig.at(ladder, probeFailed, 20_000);
        rig.job(ladder, "worker-1");
        rig.providerFault(Faults.HANG, p1, "p1 never answers: every call to it ends at the caller's timeout");
    }
}
