package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * Two workers claim the only due row at the same instant. The harness holds that row locked
 * (SELECT ... FOR UPDATE, no change) until both claims have returned or are both waiting on it,
 * then lets go: a claim that picked the row from a snapshot and updates it by id alone, without
 * re-checking that it is still due, now claims it a second time.
 */
final class ContendedRowScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofSeconds(10);
    static final long WAIT_CAP_MILLIS = 2_000;

    @Override
    public String name() {
        return "contended-row";
    }

    @Override
    public String summary() {
        return "worker-1 and worker-2 claim the same row at once while it is locked";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue first = rig.queue("worker-1", LEASE);
        LeaseQueue second = rig.queue("worker-2", LEASE);
        long id = rig.insert(1).get(0);
        Connection admin = rig.admin();
        List<Claim> claimed = new ArrayList<>();
        List<Claim> secondClaimed = new ArrayList<>();
        try (Workers workers = new Workers()) {
            admin.setAutoCommit(false);
            long start = rig.recorder().now();
            Sql.rows(admin, "SELECT id FROM notifications WHERE id = ? FOR UPDATE", id);
            Future<List<Claim>> a = workers.start("worker-1", () -> rig.claim("worker-1", first, 1));
            Future<List<Claim>> b = workers.start("worker-2", () -> rig.claim("worker-2", second, 1));
            boolean bothWaited = waitUntilDoneOrBlocked(rig, a, b);
            admin.commit();
            admin.setAutoCommit(true);
            rig.recorder().fault(Faults.HOLD, rig.scenario(), "all", start, "the harness held row " + id
                    + " locked (FOR UPDATE, unchanged) while worker-1 and worker-2 claimed"
                    + (bothWaited ? "; both waited on the lock, then it was released" : ""));
            claimed.addAll(Workers.await(a));
            secondClaimed.addAll(Workers.await(b));
        } finally {
            admin.setAutoCommit(true);
        }
        for (Claim claim : claimed) {
            rig.complete("worker-1", first, claim, Completion.DONE);
        }
        for (Claim claim : secondClaimed) {
            rig.complete("worker-2", second, claim, Completion.DONE);
        }
        for (int attempt = 0; attempt < 3 && !rig.allFinished(); attempt++) {
            for (Claim claim : rig.claim("worker-1", first, 1)) {
                rig.complete("worker-1", first, claim, Completion.DONE);
            }
        }
    }

    private static boolean waitUntilDoneOrBlocked(LeaseRig rig, Future<?> a, Future<?> b) throws Exception {
        long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
        try (Connection observer = rig.database().connect("observer")) {
            while (System.nanoTime() < deadline) {
                boolean aBlocked = !a.isDone() && rig.killer().isBlocked(observer, "worker-1");
                boolean bBlocked = !b.isDone() && rig.killer().isBlocked(observer, "worker-2");
                if (aBlocked && bBlocked) {
                    return true;
                }
                if ((a.isDone() || aBlocked) && (b.isDone() || bBlocked)) {
                    return false;
                }
                Pause.millis(2);
            }
        }
        return false;
    }
}
