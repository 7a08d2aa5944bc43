package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/** No faults: one client takes, uses and releases the lock, then another, then the first again. */
final class HandoverScenario implements RedlockScenario {
    static final long TTL_MILLIS = 2000;

    @Override
    public String name() {
        return "handover";
    }

    @Override
    public String summary() {
        return "w-1, w-2, then w-1 again take the lock on five healthy nodes, write and release";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock one = rig.client("w-1");
        Redlock two = rig.client("w-2");
        use(rig, "w-1", one, resource, "first");
        use(rig, "w-2", two, resource, "second");
        use(rig, "w-1", one, resource, "third");
    }

    private static void use(RedlockRig rig, String worker, Redlock client, String resource, String value) {
        Optional<Lease> lease = rig.acquire(worker, client, resource, TTL_MILLIS, true);
        if (lease.isPresent()) {
            rig.write(worker, client, lease.get(), Roles.CURRENT, value);
            rig.release(worker, client, lease.get());
        }
    }
}
