package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

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

    static final int TRIES = 3;
    /** Commands that only read: a release whose last command on node A was one of these stopped halfway. */
    static final Set<String> READS = Set.of("GET", "MGET", "EXISTS", "TTL", "PTTL", "TYPE", "STRLEN", "WATCH");

    @Override
    public void run(RedlockRig rig) throws Exception {
        String unlanded = "w-1 got no lease, so there was no release to stop between two of its commands";
        for (int attempt = 1; attempt <= TRIES; attempt++) {
            String resource = rig.resource(attempt == 1 ? "job" : "job-" + attempt);
            Redlock one = rig.client("w-1");
            Optional<Lease> lease = rig.acquire("w-1", one, resource, 3_000, true);
            if (lease.isEmpty()) {
                continue;
            }
            NodeFaults nodeA = rig.faults("A");
            NodeFaults.Between between = nodeA.between("w-1", resource, () -> rig.plant("A", resource, OTHER));
            long start = rig.recorder().now();
            try {
                rig.release("w-1", one, lease.get());
            } finally {
                nodeA.clearBetween();
            }
            List<List<String>> sent = rig.commands("w-1", "A", resource, start);
            rig.nodes().direct("A").del(resource);
            if (between.landed()) {
                rig.fault(RedlockFaults.INTERLEAVE, "node A", start, true, "w-1's release was stopped on node A "
                        + "after its first command was answered; before its next one went, w-1's key expired there "
                        + "and w-2 set its own value");
                return;
            }
            // No second command came. That proves one command with no gap (a script) only if the release
            // did not stop after a read: a client that timed out on its GET under load never sent its DEL,
            // and saying pass then would be luck. Try again, then say unknown.
            if (!sent.isEmpty() && !READS.contains(sent.get(sent.size() - 1).get(0).toUpperCase(Locale.ROOT))) {
                rig.fault(RedlockFaults.INTERLEAVE, "node A", start, true, "w-1's release sent one command on "
                        + "node A after which nothing was left to stop (" + sent.get(sent.size() - 1).get(0)
                        + "): no gap between a read and a delete");
                return;
            }
            unlanded = sent.isEmpty() ? "w-1's release sent nothing to node A (" + TRIES + " tries)"
                    : "w-1's release stopped on node A after a read (" + String.join(" ", sent.get(sent.size() - 1))
                    + ") and sent no delete, so there was no gap to stop in (" + TRIES + " tries; a command timed "
                    + "out under load?)";
        }
        rig.fault(RedlockFaults.INTERLEAVE, "node A", rig.recorder().now(), false, unlanded);
    }
}
