package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/**
 * w-a holds A, B, C; node C's copy of the key is cut to a 1 ms TTL, which stands in for C's clock
 * jumping forward past the TTL (Redis expires keys by its wall clock); w-b takes C, D, E.
 */
final class TtlCutScenario implements RedlockScenario {
    @Override
    public String name() {
        return "ttl-cut";
    }

    @Override
    public String summary() {
        return "w-a holds A, B, C; C's key TTL is cut (standing in for C's clock jumping); w-b takes C, D, E";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock a = rig.client("w-a");
        Redlock b = rig.client("w-b");
        Optional<Lease> old = NodeRestartScenario.SplitAcquire.acquireOnAbc(rig, a, resource);
        long start = rig.recorder().now();
        if (old.isEmpty()) {
            rig.fault(Faults.CLOCK_JUMP, "node C", start, false, "w-a got no lease, so no TTL was cut");
            return;
        }
        boolean cut = rig.nodes().direct("C").pexpire(resource, 1) == 1;
        Thread.sleep(5);
        boolean expired = !rig.nodes().direct("C").exists(resource);
        rig.fault(Faults.CLOCK_JUMP, "node C", start, cut && expired,
                "the lock's TTL on node C cut to 1 ms while w-a held A, B, C: this stands in for C's clock jumping "
                        + "forward (Redis expires keys by its own wall clock)");
        LessonScenario.afterTheLockBroke(rig, a, old.get(), b);
    }
}
