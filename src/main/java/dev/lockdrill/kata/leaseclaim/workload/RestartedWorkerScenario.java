package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The taker of an expired lease is the same worker: worker-1 claims row X and pauses past its
 * lease; worker-1 restarted (a fresh process with the same name, as a pod keeps its hostname)
 * claims X again. Then the paused one wakes and extends and completes with its stale token: both
 * must be refused, since only the token, not the worker's name, says whose lease it is. The
 * restarted one completes X, then repeats: a second complete (with the other outcome) and an
 * extend of the finished row must be refused and change nothing.
 */
final class RestartedWorkerScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofMillis(200);
    static final long WAIT_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "restarted-worker";
    }

    @Override
    public String summary() {
        return "worker-1 pauses past its lease, worker-1 restarted takes the row over, the old one wakes";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue old = rig.queue("worker-1", LEASE);
        long x = rig.insert(1).get(0);
        List<Claim> stale = rig.claim("worker-1", old, 1);
        long pauseStart = rig.recorder().now();
        Pause.millis(LEASE.toMillis() + LEASE.toMillis() / 4);
        LeaseQueue restarted = rig.queue("worker-1", LEASE);
        List<Claim> mine = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
        while (mine.stream().noneMatch(c -> c.id() == x) && System.nanoTime() < deadline) {
            mine.addAll(rig.claim("worker-1", restarted, 1));
            Pause.millis(10);
        }
        long paused = (rig.recorder().now() - pauseStart) / 1_000_000;
        boolean tookOver = mine.stream().anyMatch(c -> c.id() == x);
        // unknown, never pass, when the restarted worker never got the row: the old one's late calls
        // would meet no new lease
        rig.recorder().fault(Faults.PAUSE, rig.scenario(), "worker-1", pauseStart, tookOver, "worker-1 paused "
                + paused + " ms holding " + PausedPastLeaseScenario.describe(stale) + " (lease " + LEASE.toMillis()
                + " ms); meanwhile worker-1 restarted, as a new process with the same name, claimed "
                + PausedPastLeaseScenario.describe(mine) + (tookOver ? "" : ", not row " + x));
        for (Claim claim : stale) {
            rig.extend("worker-1", old, claim);
            rig.complete("worker-1", old, claim, Completion.DONE);
        }
        for (Claim claim : mine) {
            rig.complete("worker-1", restarted, claim, Completion.DONE);
            rig.complete("worker-1", restarted, claim, Completion.FAILED);
            rig.extend("worker-1", restarted, claim);
        }
    }
}
