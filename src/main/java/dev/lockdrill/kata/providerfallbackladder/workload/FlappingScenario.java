package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

/**
 * p1 flaps: before each of 30 jobs (three workers, 2-20 s apart, seeded) it stays as it was or
 * turns (up, or failing fast with 503), and now and then p2 hangs for a while as well. Every skip
 * and every call is judged against the state the shared record must hold.
 */
final class FlappingScenario implements LadderScenario {
    static final int JOBS = 30;

    @Override
    public String name() {
        return LadderScenarios.FLAPPING_PROVIDER;
    }

    @Override
    public String summary() {
        return JOBS + " jobs from three workers while p1 goes down and up (seeded)";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        FakeProvider p2 = ladder.provider(1);
        boolean p1Down = false;
        int turns = 0;
        for (int i = 0; i < JOBS; i++) {
            if (rig.random().nextInt(3) == 0) {
                p1Down = !p1Down;
                turns++;
                p1.mode(p1Down ? FakeProvider.Mode.FAIL_FAST : FakeProvider.Mode.UP);
            }
            p2.mode(rig.random().nextInt(6) == 0 ? FakeProvider.Mode.HANG : FakeProvider.Mode.UP);
            rig.job(ladder, "worker-" + (1 + rig.random().nextInt(3)));
            ladder.ticker().advanceMillis(2_000 + rig.random().nextInt(18_000));
        }
        rig.fault(LadderFaults.FLAPPING, p1, turns > 1 && p1.faultyCalls() > 0,
                "p1 turned " + turns + " times between up and 503, and a job met it down " + p1.faultyCalls()
                        + " times");
    }
}
