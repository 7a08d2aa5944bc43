package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;

/**
 * The contract, one step at a time: worker-1 takes the lock, worker-2 is refused, worker-1 renews
 * and releases, worker-2 takes it with a higher token, and worker-1's old lease can neither renew
 * nor release any more.
 */
final class HandoverScenario implements LockScenario {
    static final long TTL_MILLIS = 5_000;

    @Override
    public String name() {
        return "handover";
    }

    @Override
    public String summary() {
        return "acquire, refuse, renew, release, hand over; the old lease is dead";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        String name = rig.name("nightly-report");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, TTL_MILLIS);
        rig.acquire("worker-2", second, name, TTL_MILLIS);
        if (lease.isEmpty()) {
            return;
        }
        rig.fencedWrite("worker-1", lease.get(), "report by worker-1");
        rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        rig.release("worker-1", first, lease.get());
        Optional<Lease> next = rig.acquire("worker-2", second, name, TTL_MILLIS);
        rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        rig.release("worker-1", first, lease.get());
        if (next.isPresent()) {
            rig.fencedWrite("worker-2", next.get(), "report by worker-2");
            rig.release("worker-2", second, next.get());
        }
        rig.acquire("worker-1", first, rig.name("fresh-" + rig.random().nextInt(1000)), TTL_MILLIS)
                .ifPresent(fresh -> rig.release("worker-1", first, fresh));
    }
}
