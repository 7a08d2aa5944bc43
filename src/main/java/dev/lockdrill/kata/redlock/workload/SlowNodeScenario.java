package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/** One node answers 40 ms late: the time spent acquiring must come off the lease's validity. */
final class SlowNodeScenario implements RedlockScenario {
    static final long DELAY_MILLIS = 40;

    @Override
    public String name() {
        return "slow-node";
    }

    @Override
    public String summary() {
        return "one node's replies are delayed " + DELAY_MILLIS + " ms; validity must shrink by the time spent";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String node = rig.nodes().names().get(rig.random().nextInt(5));
        Redlock client = rig.client("w-1");
        NodeFaults faults = rig.faults(node);
        faults.delay(DELAY_MILLIS);
        long start = rig.recorder().now();
        Optional<Lease> lease = rig.acquire("w-1", client, rig.resource("job"), 2000, true);
        faults.delay(0);
        lease.ifPresent(l -> rig.release("w-1", client, l));
        rig.fault(Faults.SLOW, "node " + node, start, faults.delayed.get() > 0,
                "node " + node + "'s replies delayed " + DELAY_MILLIS + " ms (" + faults.delayed.get() + " replies)");
    }
}
