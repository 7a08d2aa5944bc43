package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/** w-1's lock expires while it is stopped, w-2 takes it, then w-1 releases its old lease: w-2's value must survive. */
final class LateReleaseScenario implements RedlockScenario {
    @Override
    public String name() {
        return "late-release";
    }

    @Override
    public String summary() {
        return "w-1 stops until its lock expired on every node, w-2 takes it, w-1 releases late";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock one = rig.client("w-1");
        Redlock two = rig.client("w-2");
        Optional<Lease> old = rig.acquire("w-1", one, resource, 500, true);
        if (old.isEmpty()) {
            return;
        }
        long start = rig.recorder().now();
        boolean expired = rig.awaitGone(resource, old.get().value(), 3000);
        Optional<Lease> current = rig.acquire("w-2", two, resource, 3000, true);
        rig.fault(Faults.PAUSE, "w-1", start, expired && current.isPresent(),
                "w-1 stopped until its lock had expired on every node and w-2 took it; then w-1 released its old lease");
        rig.release("w-1", one, old.get());
        current.ifPresent(l -> rig.release("w-2", two, l));
    }
}
