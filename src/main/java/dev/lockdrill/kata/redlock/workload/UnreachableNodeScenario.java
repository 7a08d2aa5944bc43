package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/** Node A swallows every command (a black hole): four nodes are still a majority, and acquire must not wait out the TTL. */
final class UnreachableNodeScenario implements RedlockScenario {
    static final long TTL_MILLIS = 2000;

    @Override
    public String name() {
        return "unreachable-node";
    }

    @Override
    public String summary() {
        return "node A never answers w-1 (its proxy drops every command); the lock must still come quickly";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String node = rig.nodes().names().get(rig.random().nextInt(5));
        Redlock client = rig.client("w-1");
        NodeFaults faults = rig.faults(node);
        faults.unreachable("w-1", true);
        long start = rig.recorder().now();
        Optional<Lease> lease = rig.acquire("w-1", client, rig.resource("job"), TTL_MILLIS, true);
        lease.ifPresent(l -> rig.release("w-1", client, l));
        faults.unreachable("w-1", false);
        rig.fault(Faults.HANG, "node " + node, start, faults.dropped.get() > 0,
                "node " + node + " unreachable for w-1: its proxy dropped " + Text.count(faults.dropped.get(), "command"));
    }
}
