package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * Every provider serves, but some jobs are wrong requests: p1 answers them 400 or 422. That is the
 * job's fault: the job is rejected there, and the good jobs right after must still go to p1.
 */
final class ClientErrorScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.CLIENT_ERRORS;
    }

    @Override
    public String summary() {
        return "wrong requests get 400/422 from p1; good jobs right after must still use p1";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        long start = rig.recorder().now();
        int[] statuses = {400, 422, 400};
        for (int i = 0; i < statuses.length; i++) {
            rig.wrongJob(ladder, "worker-" + (1 + i % 2), statuses[i]);
            ladder.ticker().advanceMillis(2_000);
            rig.job(ladder, "worker-" + (2 - i % 2));
            ladder.ticker().advanceMillis(2_000);
        }
        boolean landed = ladder.provider(0).clientErrors() > 0;
        rig.recorder().fault(LadderFaults.CLIENT_ERROR, rig.scenario(), "p1", start, landed,
                landed ? "p1 answered " + ladder.provider(0).clientErrors() + " wrong requests with 400 or 422" : "no job called p1, so no 4xx was ever answered");
    }
}
