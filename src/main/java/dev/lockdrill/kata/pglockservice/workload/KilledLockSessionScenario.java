package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;

/**
 * Que's locker/worker split: worker-1 holds the lock and works on the resource through another
 * connection, when every session of its lock-service pool is killed with pg_terminate_backend.
 * The work goes on; the lease must not vanish with the session before its TTL.
 */
final class KilledLockSessionScenario implements LockScenario {
    static final long TTL_MILLIS = 3_000;

    @Override
    public String name() {
        return "killed-lock-session";
    }

    @Override
    public String summary() {
        return "worker-1's lock sessions are killed while it keeps working on another connection";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        String name = rig.name("reindex");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, TTL_MILLIS);
        if (lease.isEmpty()) {
            return;
        }
        rig.fencedWrite("worker-1", lease.get(), "worker-1 step 1");
        long start = rig.recorder().now();
        int killed = rig.killSessions("worker-1");
        rig.recorder().fault(Faults.KILL, rig.scenario(), "worker-1", start, killed > 0, killed > 0
                ? "pg_terminate_backend killed " + Text.count(killed, "session") + " of worker-1's lock-service pool while it "
                + "kept working on another connection"
                : "worker-1's lock service had no session to kill");
        rig.fencedWrite("worker-1", lease.get(), "worker-1 step 2");
        Optional<Lease> stolen = rig.acquire("worker-2", second, name, TTL_MILLIS);
        stolen.ifPresent(l -> rig.fencedWrite("worker-2", l, "worker-2 while worker-1 still worked"));
        rig.fencedWrite("worker-1", lease.get(), "worker-1 step 3");
        if (!rig.renew("worker-1", first, lease.get(), TTL_MILLIS)) {
            rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        }
        if (!rig.release("worker-1", first, lease.get())) {
            rig.release("worker-1", first, lease.get());
        }
        stolen.ifPresent(l -> rig.release("worker-2", second, l));
        rig.acquire("worker-2", second, name, TTL_MILLIS).ifPresent(l -> rig.release("worker-2", second, l));
    }
}
