package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/**
 * w-1 releases its lease; on node A, once its first command of the release has been answered and
 * before its next one reaches the node, its key expires there and w-2 sets its own value. A release
 * that reads the value and then deletes in a second command deletes w-2's; a compare-and-delete
 * script (one command) leaves no gap to stop in.
 */
final class ReleaseInterleavedScenario implements RedlockScenario {
    static final String OTHER = "w-2-took-node-A";

    @Override
    public String name() {
        return "release-interleaved";
    }

    @Override
    public String summary() {
        return "w-1 releases; on node A, between its first command and its next, its key expires and w-2 sets its own";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock one = rig.client("w-1");
        Optional<Lease> lease = rig.acquire("w-1", one, resource, 3_000, true);
        if (lease.isEmpty()) {
            rig.fault(RedlockFaults.INTERLEAVE, "node A", rig.recorder().now(), false,
                    "w-1 got no lease, so there was no release to stop between two of its commands");
            return;
        }
        NodeFaults nodeA = rig.faults("A");
        NodeFaults.Between between = nodeA.between("w-1", resource, () -> rig.plant("A", resource, OTHER));
        long start = rig.recorder().now();
        try {
            rig.release("w-1", one, lease.get());
        } finally {
            nodeA.clearBetween();
        }
        if (between.landed()) {
            rig.fault(RedlockFaults.INTERLEAVE, "node A", start, true, "w-1's release was stopped on node A after its "
                    + "first command was answered; before its next one went, w-1's key expired there and w-2 set "
                    + "its own value");
        }
        rig.nodes().direct("A").del(resource);
    }
}
