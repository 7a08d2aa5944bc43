package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import redis.clients.jedis.params.SetParams;

import java.util.List;
import java.util.Optional;

/**
 * w-a takes the lock on three nodes (another client holds the other two); one of its three is killed and
 * starts empty (no persistence, no delayed restart); w-b takes the lock on the empty node and the
 * other two. Both hold a valid lease.
 */
final class NodeRestartScenario implements RedlockScenario {
    @Override
    public String name() {
        return "node-restart";
    }

    @Override
    public String summary() {
        return "w-a holds A, B, C; C is killed and restarts empty; w-b takes C, D, E: two valid leases";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock a = rig.client("w-a");
        Redlock b = rig.client("w-b");
        Optional<Lease> old = SplitAcquire.acquireOnAbc(rig, a, resource);
        long start = rig.recorder().now();
        if (old.isEmpty()) {
            rig.fault(RedlockFaults.NODE_RESTART, "node C", start, false, "w-a got no lease, so no restart was made");
            return;
        }
        boolean empty = rig.nodes().restartEmpty("C");
        rig.fault(RedlockFaults.NODE_RESTART, "node C", start, empty,
                "node C killed with SIGKILL while w-a held the lock on A, B, C, and started again empty on the same "
                        + "port (no persistence)");
        LessonScenario.afterTheLockBroke(rig, a, old.get(), b);
    }

    /**
     * w-a acquires while another client's value sits on D and E (written straight to the nodes), so
     * it holds exactly A, B and C; then D and E are freed.
     */
    static final class SplitAcquire {
        static final long TTL_MILLIS = 3000;
        static final String OTHER = "another-client-holds-this";

        private SplitAcquire() {
        }

        static Optional<Lease> acquireOnAbc(RedlockRig rig, Redlock a, String resource) {
            List<String> taken = List.of("D", "E");
            taken.forEach(n -> rig.nodes().direct(n).set(resource, OTHER, SetParams.setParams().px(10_000)));
            Optional<Lease> lease = rig.acquire("w-a", a, resource, TTL_MILLIS, true);
            taken.forEach(n -> rig.nodes().direct(n).del(resource));
            return lease;
        }
    }
}
