package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A renew sets the lease to the TTL it asks, from now, whether that is longer or shorter than
 * what is left. worker-1 takes a lease (TTL drawn per seed), renews it early asking much more than
 * is left, and worker-2 is refused once the first TTL has passed; then worker-1 renews asking far
 * less than is left, and worker-2 polls from shortly after that short TTL: the lock is free then
 * (a renew that only ever lengthens keeps it for hundreds of milliseconds more).
 */
final class RenewLengthsScenario implements LockScenario {
    static final long FIRST_RENEW_AFTER_MILLIS = 100;
    static final long PROBE_PAST_FIRST_TTL_MILLIS = 100;
    static final long POLL_AFTER_SHORT_TTL_MILLIS = 150;
    static final long RETRY_MILLIS = 25;
    static final long GIVE_UP_MILLIS = 1_500;

    @Override
    public String name() {
        return "renew-lengths";
    }

    @Override
    public String summary() {
        return "worker-1 renews asking more than is left, then far less; worker-2 is refused, then granted soon "
                + "after the short TTL";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        SplittableRandom random = rig.random();
        long ttl = 400 + random.nextInt(201);
        long longer = ttl + 500 + random.nextInt(301);
        long shorter = 60 + random.nextInt(91);
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        String name = rig.name("lengths");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, ttl);
        if (lease.isEmpty()) {
            return;
        }
        Pause.millis(FIRST_RENEW_AFTER_MILLIS);
        rig.renew("worker-1", first, lease.get(), longer);
        Pause.millis(ttl - FIRST_RENEW_AFTER_MILLIS + PROBE_PAST_FIRST_TTL_MILLIS);
        Optional<Lease> early = rig.acquire("worker-2", second, name, ttl);
        early.ifPresent(l -> rig.release("worker-2", second, l));
        rig.renew("worker-1", first, lease.get(), shorter);
        Pause.millis(shorter + POLL_AFTER_SHORT_TTL_MILLIS);
        Optional<Lease> next = rig.acquire("worker-2", second, name, ttl);
        long deadline = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        while (next.isEmpty() && System.nanoTime() < deadline) {
            Pause.millis(RETRY_MILLIS);
            next = rig.acquire("worker-2", second, name, ttl);
        }
        next.ifPresent(l -> rig.release("worker-2", second, l));
    }
}
