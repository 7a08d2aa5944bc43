package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * p1 hangs; worker-1's job pays its timeout, then workers 2, 3 and 4 (each on its own thread, in
 * the same process) run jobs 3, 6, 9 and 12 s later: what worker-1 learnt must spare them all.
 */
final class SharedByWorkersScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.SHARED_BY_WORKERS;
    }

    @Override
    public String summary() {
        return "p1 hangs; worker-1 learns it, workers 2-4 must skip it";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.HANG);
        rig.job(ladder, "worker-1");
        long failed = p1.lastFailureEnd();
        String[] others = {"worker-2", "worker-3", "worker-4", "worker-2"};
        for (int i = 0; i < others.length; i++) {
            rig.at(ladder, failed, 3_000L * (i + 1));
            rig.job(ladder, others[i]);
        }
        rig.providerFault(Faults.HANG, p1, "p1 never answers: every call to it ends at the caller's timeout");
    }
}
