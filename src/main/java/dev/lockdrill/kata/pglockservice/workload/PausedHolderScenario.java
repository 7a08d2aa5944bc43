package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.Optional;

/**
 * worker-1 takes a short lease and stops (a long GC) well past its TTL in database time.
 * worker-2, a restarted instance on the same host (same holder label), takes the lock once the
 * lease has expired and works. worker-1 wakes: its write must be fenced off, and its renew and
 * release must fail without touching worker-2's lease; worker-3 must still find the lock taken.
 *
 * <p>First, on a lock of its own with a 5 s lease, worker-2 asks while worker-1 holds it: it must
 * be refused (a service that hands a lock again to the same holder label makes two holders here).
 * That the lease was live is read off the database's clock, not hoped for: the ask must have ended
 * within the TTL of the moment before worker-1 asked. On a machine so busy that it did not, the
 * opening is tried again on a new lock (three times at most), and if it never lands the
 * contention is recorded as not landed: the verdict is unknown, never a pass.
 */
final class PausedHolderScenario implements LockScenario {
    static final long SHORT_TTL_MILLIS = 300;
    static final long LONG_TTL_MILLIS = 5_000;
    static final long RETRY_MILLIS = 20;
    static final long GIVE_UP_MILLIS = 1_500;
    static final int OPENINGS = 3;

    @Override
    public String name() {
        return "paused-past-ttl";
    }

    @Override
    public String summary() {
        return "worker-1 pauses past its lease; worker-2 (same host label) takes over; worker-1 wakes";
    }

    /**
     * The opening: worker-1 takes a long lease on a lock of its own and worker-2 (same label) asks at
     * once; then worker-1 releases it. Whether the ask fell inside the lease is read off the
     * database's clock: on a machine too busy for that even with a long lease, tried again on a new
     * lock, then recorded as not landed. False when worker-1 could not take the lock at all.
     */
    private static boolean sameLabelRefused(LockRig rig, LockService first, LockService second) {
        for (int opening = 1; opening <= OPENINGS; opening++) {
            String name = rig.name(opening == 1 ? "nightly-report" : "nightly-report-" + opening);
            long start = rig.recorder().now();
            long before = rig.dbMicros("worker-1");
            Optional<Lease> held = rig.acquire("worker-1", first, name, LONG_TTL_MILLIS);
            if (held.isEmpty()) {
                return false;
            }
            Optional<Lease> again = rig.acquire("worker-2", second, name, LONG_TTL_MILLIS);
            long askedWithin = (rig.dbMicros("worker-2") - before) / 1_000;
            boolean contended = askedWithin < LONG_TTL_MILLIS;
            again.ifPresent(lease -> rig.release("worker-2", second, lease));
            rig.release("worker-1", first, held.get());
            if (contended || opening == OPENINGS) {
                rig.recorder().fault(Faults.CONTENTION, rig.scenario(), "worker-2", start, contended,
                        contended ? "worker-2 (same host label) asked for the lock while worker-1's lease was live ("
                                + askedWithin + " ms into its " + LONG_TTL_MILLIS + " ms, by the database's clock)"
                                : "worker-2 never asked while worker-1's lease was live: the machine was too busy ("
                                + OPENINGS + " tries, the last " + askedWithin + " ms after worker-1 asked)");
                return true;
            }
        }
        return true;
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService first = rig.service("worker-1", "node-7", Clock.systemUTC());
        LockService second = rig.service("worker-2", "node-7", Clock.systemUTC());
        LockService third = rig.service("worker-3", "node-9", Clock.systemUTC());
        if (!sameLabelRefused(rig, first, second)) {
            return;
        }
        String name = rig.name("ledger-compaction");
        Optional<Lease> stale = rig.acquire("worker-1", first, name, SHORT_TTL_MILLIS);
        if (stale.isEmpty()) {
            return;
        }
        long pauseStart = rig.recorder().now();
        Optional<Lease> fresh = Optional.empty();
        long deadline = System.nanoTime() + GIVE_UP_MILLIS * 1_000_000;
        while (fresh.isEmpty() && System.nanoTime() < deadline) {
            Pause.millis(RETRY_MILLIS);
            fresh = rig.acquire("worker-2", second, name, LONG_TTL_MILLIS);
        }

        fresh.ifPresent(lease -> rig.fencedWrite("worker-2", lease, "worker-2 took over"));
        Pause.nanos(pauseStart + 2 * SHORT_TTL_MILLIS * 1_000_000 - rig.recorder().now());
        // the pause is the scenario's point only if worker-2 took the lock over meanwhile: else worker-1's
        // late calls meet no newer holder, and the run says unknown, never pass
        rig.recorder().fault(Faults.PAUSE, rig.scenario(), "worker-1", pauseStart, fresh.isPresent(), "worker-1 paused "
                + (rig.recorder().now() - pauseStart) / 1_000_000 + " ms holding token " + stale.get().token()
                + " (lease " + SHORT_TTL_MILLIS + " ms), as in a stop-the-world GC" + (fresh.isPresent()
                ? ", and worker-2 took the lock over meanwhile"
                : ", but worker-2 could not take the lock over within " + GIVE_UP_MILLIS + " ms"));
        rig.fencedWrite("worker-1", stale.get(), "worker-1 after its pause");
        rig.renew("worker-1", first, stale.get(), LONG_TTL_MILLIS);
        rig.release("worker-1", first, stale.get());
        rig.acquire("worker-3", third, name, LONG_TTL_MILLIS);
        if (fresh.isPresent()) {
            rig.release("worker-2", second, fresh.get());
            rig.acquire("worker-3", third, name, LONG_TTL_MILLIS)
                    .ifPresent(lease -> rig.release("worker-3", third, lease));
        }
    }
}
