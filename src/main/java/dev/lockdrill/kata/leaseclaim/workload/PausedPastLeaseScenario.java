package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * worker-1 claims row X and pauses, as in a long GC, past its lease. worker-2 polls and must get X
 * only once the lease has run out in database time; then worker-1 wakes and tries to extend and
 * complete with its stale token. Meanwhile worker-3 holds row Y well past one lease by extending
 * it, and worker-2 must never get Y. On a slow machine worker-1's lease can run out before worker-3
 * claims, so worker-3 gets X and worker-2 never does: the scenario then runs again on fresh rows, up
 * to {@value #ATTEMPTS} times, and says unknown, never pass, when no attempt saw the takeover.
 */
final class PausedPastLeaseScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofMillis(200);
    static final long EXTEND_EVERY_MILLIS = 60;
    static final long HOLD_MILLIS = 700;
    static final long WAIT_CAP_MILLIS = 3_000;
    static final int ATTEMPTS = 3;

    @Override
    public String name() {
        return "paused-past-lease";
    }

    @Override
    public String summary() {
        return "worker-1 pauses past its lease, worker-2 takes over, worker-1 wakes and completes late";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue first = rig.queue("worker-1", LEASE);
        LeaseQueue second = rig.queue("worker-2", LEASE);
        LeaseQueue third = rig.queue("worker-3", LEASE);
        List<String> missed = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (attempt(rig, first, second, third, missed, attempt == ATTEMPTS)) {
                return;
            }
        }
    }

    /**
     * One run on fresh rows; true if worker-2 took row X over while worker-1 was paused. Records the
     * pause as a fault when it took X over, or on the last attempt (then unlanded); earlier misses
     * are said in that line.
     */
    private static boolean attempt(LeaseRig rig, LeaseQueue first, LeaseQueue second, LeaseQueue third,
                                   List<String> missed, boolean last) throws Exception {
        long x = rig.insert(1).get(0);
        List<Claim> stale = rig.claim("worker-1", first, 1);
        long pauseStart = rig.recorder().now();
        rig.insert(1);
        List<Claim> extended = rig.claim("worker-3", third, 1);
        CountDownLatch taken = new CountDownLatch(1);
        CountDownLatch staleTried = new CountDownLatch(1);
        AtomicBoolean tookOver = new AtomicBoolean();
        try (Workers workers = new Workers()) {
            workers.start("worker-3", () -> holdByExtending(rig, third, extended));
            workers.start("worker-2", () -> {
                List<Claim> mine = new ArrayList<>();
                long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
                while (mine.stream().noneMatch(c -> c.id() == x) && System.nanoTime() < deadline) {
                    mine.addAll(rig.claim("worker-2", second, 1));
                    Pause.millis(10);
                }
                tookOver.set(mine.stream().anyMatch(c -> c.id() == x));
                taken.countDown();
                Pause.until(staleTried, WAIT_CAP_MILLIS);
                for (Claim claim : mine) {
                    rig.complete("worker-2", second, claim, Completion.DONE);
                }
            });
            Pause.millis(2 * LEASE.toMillis());
            Pause.until(taken, WAIT_CAP_MILLIS);
            long paused = (rig.recorder().now() - pauseStart) / 1_000_000;
            // the pause is what the scenario is for only if worker-2 took the row over meanwhile: else
            // worker-1's late calls meet no new holder; tried again, and at last the run says unknown
            String before = missed.isEmpty() ? "" : " (after " + missed.size() + " attempt"
                    + (missed.size() == 1 ? "" : "s") + " where it did not: " + String.join("; ", missed) + ")";
            if (tookOver.get()) {
                rig.recorder().fault(Faults.PAUSE, rig.scenario(), "worker-1", pauseStart, true, "worker-1 paused "
                        + paused + " ms holding " + describe(stale) + " (lease " + LEASE.toMillis() + " ms), as in a "
                        + "stop-the-world GC, and worker-2 took row " + x + " over meanwhile" + before);
            } else {
                String miss = "worker-3 claimed " + describe(extended) + ", worker-2 did not get row " + x
                        + " within " + WAIT_CAP_MILLIS + " ms";
                if (last) {
                    rig.recorder().fault(Faults.PAUSE, rig.scenario(), "worker-1", pauseStart, false, "worker-1 "
                            + "paused " + paused + " ms holding " + describe(stale) + ", but " + miss
                            + ": no takeover to be stale against" + before);
                }
                missed.add(miss);
            }
            for (Claim claim : stale) {
                rig.extend("worker-1", first, claim);
                rig.complete("worker-1", first, claim, Completion.DONE);
            }
            staleTried.countDown();
            workers.awaitAll();
        }
        return tookOver.get();
    }

    private static void holdByExtending(LeaseRig rig, LeaseQueue queue, List<Claim> claims) {
        long end = System.nanoTime() + HOLD_MILLIS * 1_000_000;
        while (System.nanoTime() < end) {
            Pause.millis(EXTEND_EVERY_MILLIS);
            for (Claim claim : claims) {
                rig.extend("worker-3", queue, claim);
            }
        }
        for (Claim claim : claims) {
            rig.complete("worker-3", queue, claim, Completion.DONE);
        }
    }

    static String describe(List<Claim> claims) {
        return claims.isEmpty() ? "no claim" : claims.stream()
                .map(c -> "row " + c.id() + " (token " + c.leaseToken() + ")").toList().toString();
    }
}
