package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;

/**
 * Renewals at their boundaries. worker-1 takes a short lease, renews it four times, then stops
 * (a heartbeat thread that died): worker-2 must be refused while the last renewal lasts and must
 * get the lock soon after it ends. worker-1's late renew and release must fail. worker-2 releases,
 * then tries to renew and release the released lease (both must fail). Meanwhile, on a lock of its
 * own, worker-3 takes over its own expired lease: the same process gets the lock again, with a higher token, and its
 * expired lease stays dead.
 */
final class RenewThenStopScenario implements LockScenario {
    static final long TTL_MILLIS = 600;
    static final long RENEW_EVERY_MILLIS = 100;
    static final int RENEWALS = 4;
    static final long PROBE_AFTER_MILLIS = 200;
    static final long SHORT_TTL_MILLIS = 200;
    static final long RETRY_MILLIS = 25;
    static final long GIVE_UP_MILLIS = 2_000;

    @Override
    public String name() {
        return "renew-then-stop";
    }

    @Override
    public String summary() {
        return "worker-1 renews " + RENEWALS + " times then stops; worker-2 waits it out; renew after release; "
                + "meanwhile worker-3 re-takes its own expired lease";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        LockService third = rig.service("worker-3", "host-3", Clock.systemUTC());
        String own = rig.name("own-" + rig.random().nextInt(1000));
        // independent of the heartbeat (its own worker and lock), so it waits out its lease meanwhile
        Thread retake = new Thread(() -> retakeOwnExpiredLease(rig, third, own), "worker-3");
        retake.start();
        try {
            heartbeat(rig, first, second);
        } finally {
            retake.join();
        }
    }

    private static void heartbeat(LockRig rig, LockService first, LockService second) {
        String name = rig.name("heartbeat");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, TTL_MILLIS);
        if (lease.isEmpty()) {
            return;
        }
        for (int i = 0; i < RENEWALS; i++) {
            Pause.millis(RENEW_EVERY_MILLIS);
            rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        }
        Pause.millis(PROBE_AFTER_MILLIS);
        Optional<Lease> next = rig.acquire("worker-2", second, name, TTL_MILLIS);
        long deadline = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        while (next.isEmpty() && System.nanoTime() < deadline) {
            Pause.millis(RETRY_MILLIS);
            next = rig.acquire("worker-2", second, name, TTL_MILLIS);
        }
        rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        rig.release("worker-1", first, lease.get());
        if (next.isPresent()) {
            rig.release("worker-2", second, next.get());
            rig.renew("worker-2", second, next.get(), TTL_MILLIS);
            rig.release("worker-2", second, next.get());
        }
    }

    private static void retakeOwnExpiredLease(LockRig rig, LockService service, String name) {
        Optional<Lease> expired = rig.acquire("worker-3", service, name, SHORT_TTL_MILLIS);
        if (expired.isEmpty()) {
            return;
        }
        Pause.millis(2 * SHORT_TTL_MILLIS);
        Optional<Lease> again = rig.acquire("worker-3", service, name, SHORT_TTL_MILLIS);
        rig.renew("worker-3", service, expired.get(), SHORT_TTL_MILLIS);
        again.ifPresent(l -> rig.release("worker-3", service, l));
    }
}
