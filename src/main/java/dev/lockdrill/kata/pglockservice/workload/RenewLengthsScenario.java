package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.history.Faults;
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
 *
 * <p>Both of worker-2's asks mean something only while the long renewal would still hold the lock:
 * on a machine so busy that an ask came after it, a lengthen-only renew would go unseen. So the
 * database's clock decides whether they came in time; if not, the whole exchange is tried again on
 * a new lock (three times at most), then recorded as a contention that did not land: unknown,
 * never pass.
 */
final class RenewLengthsScenario implements LockScenario {
    static final long FIRST_RENEW_AFTER_MILLIS = 100;
    static final long PROBE_PAST_FIRST_TTL_MILLIS = 100;
    static final long POLL_AFTER_SHORT_TTL_MILLIS = 150;
    static final long RETRY_MILLIS = 25;
    static final long GIVE_UP_MILLIS = 1_500;
    static final int OPENINGS = 3;

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
        for (int opening = 1; opening <= OPENINGS; opening++) {
            String name = rig.name(opening == 1 ? "lengths" : "lengths-" + opening);
            long start = rig.recorder().now();
            long lastAskMillis = exchange(rig, first, second, name, ttl, longer, shorter);
            if (lastAskMillis < 0) {
                return;
            }
            boolean inTime = lastAskMillis < longer;
            if (inTime || opening == OPENINGS) {
                rig.recorder().fault(Faults.CONTENTION, rig.scenario(), "worker-2", start, inTime,
                        inTime ? "worker-2 asked while worker-1's " + longer + " ms renewal would still have held the "
                                + "lock (its last ask " + lastAskMillis + " ms after that renew, by the database's clock)"
                                : "worker-2's asks came after worker-1's " + longer + " ms renewal would have ended: the "
                                + "machine was too busy (" + OPENINGS + " tries, the last " + lastAskMillis + " ms)");
                return;
            }
        }
    }

    /**
     * One exchange on the lock {@code name}; how long after worker-1's long renew began (by the
     * database's clock) worker-2's first ask after the short renew ended, or -1 when worker-1 could
     * not take the lock.
     */
    private static long exchange(LockRig rig, LockService first, LockService second, String name, long ttl,
                                 long longer, long shorter) {
        Optional<Lease> lease = rig.acquire("worker-1", first, name, ttl);
        if (lease.isEmpty()) {
            return -1;
        }
        Pause.millis(FIRST_RENEW_AFTER_MILLIS);
        long renewedAt = rig.dbMicros("worker-1");
        rig.renew("worker-1", first, lease.get(), longer);
        Pause.millis(ttl - FIRST_RENEW_AFTER_MILLIS + PROBE_PAST_FIRST_TTL_MILLIS);
        Optional<Lease> early = rig.acquire("worker-2", second, name, ttl);
        early.ifPresent(l -> rig.release("worker-2", second, l));
        rig.renew("worker-1", first, lease.get(), shorter);
        Pause.millis(shorter + POLL_AFTER_SHORT_TTL_MILLIS);
        Optional<Lease> next = rig.acquire("worker-2", second, name, ttl);
        long firstAskEnded = (rig.dbMicros("worker-2") - renewedAt) / 1_000;
        long deadline = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        while (next.isEmpty() && System.nanoTime() < deadline) {
            Pause.millis(RETRY_MILLIS);
            next = rig.acquire("worker-2", second, name, ttl);
        }
        next.ifPresent(l -> rig.release("worker-2", second, l));
        return firstAskEnded;
    }
}
