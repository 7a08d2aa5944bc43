package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * p1 hangs for the first job, then serves again 10 s later. A job at +12 s still skips it (the
 * TTL has not passed); the job at +31 s probes it and gets an answer, and the jobs after that must
 * use p1 again: an expired state that is never probed, or a probe whose success is not kept, fails here.
 */
final class RecoveringProviderScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.RECOVERING_PROVIDER;
    }

    @Override
    public String summary() {
        return "p1 hangs, recovers 10 s later; jobs at +12, +31, +33 and +35 s";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.HANG);
        rig.job(ladder, "worker-1");
        long failed = p1.lastFailureEnd();
        p1.mode(FakeProvider.Mode.UP);
        int callsBefore = p1.calls();
        String[] workers = {"worker-2", "worker-1", "worker-2", "worker-1"};
        long[] after = {12_000, 31_000, 33_000, 35_000};
        for (int i = 0; i < after.length; i++) {
            rig.at(ladder, failed, after[i]);
            rig.job(ladder, workers[i]);
        }
        boolean landed = p1.faultyCalls() > 0;
        rig.fault(LadderFaults.RECOVERY, p1, landed, landed
                ? "p1 hung for the first job, then served again; it was called " + (p1.calls() - callsBefore)
                        + " times after recovering"
                : "p1 was to hang for the first job, but no job called it, so the recovery meant nothing");
    }
}
