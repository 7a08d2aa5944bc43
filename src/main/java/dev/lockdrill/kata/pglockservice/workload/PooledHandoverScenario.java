package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.kata.pglockservice.protocol.PooledScenarios;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;

/**
 * The handover again, with both workers' DataSources going through the run's PgBouncer in
 * transaction mode, as production PostgreSQL often sits: worker-1 takes the lock, worker-2 must be
 * refused, worker-1 releases, worker-2 must get it. Every step runs after the previous one
 * returned, so the pooler never needs a second server session: every transaction of both workers
 * runs on the same one. A lock kept in that session (a session advisory lock) is therefore
 * certainly there when worker-2's transaction comes, and is its own: taken again, not refused.
 * After each grant and release the check records which server sessions still hold advisory locks
 * between transactions. Not run when no PgBouncer runs for the check.
 */
final class PooledHandoverScenario implements LockScenario {
    static final long TTL_MILLIS = 5_000;

    @Override
    public String name() {
        return PooledScenarios.HANDOVER;
    }

    @Override
    public String summary() {
        return "the handover with both workers going through PgBouncer in transaction mode";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        if (!rig.throughPooler()) {
            return;
        }
        LockService first = rig.pooledService("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.pooledService("worker-2", "host-2", Clock.systemUTC());
        String name = rig.name("nightly-report");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, TTL_MILLIS);
        rig.observePoolerSessions("worker-1's tryAcquire");
        rig.acquire("worker-2", second, name, TTL_MILLIS);
        if (lease.isEmpty()) {
            return;
        }
        rig.fencedWrite("worker-1", lease.get(), "report by worker-1");
        rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        rig.release("worker-1", first, lease.get());
        rig.observePoolerSessions("worker-1's release");
        Optional<Lease> next = rig.acquire("worker-2", second, name, TTL_MILLIS);
        if (next.isPresent()) {
            rig.fencedWrite("worker-2", next.get(), "report by worker-2");
            rig.release("worker-2", second, next.get());
        }
    }
}
