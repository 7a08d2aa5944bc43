package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.concurrent.CountDownLatch;

/**
 * Kleppmann's story, made real: worker-1 takes the lease (token n) and pauses, as in a long GC,
 * past the lease's expiry in database time. worker-2 takes the lease (token n+1) and writes.
 * worker-1 wakes up still believing it holds the lease and writes with token n. Then the same
 * worker, told it lost the lease, takes it again once worker-2's has expired (token n+2) and
 * writes: its new token must get through although its old one was just fenced off.
 */
final class PausedHolderScenario implements FencingScenario {
    static final long LEASE_MILLIS = 150;

    @Override
    public String name() {
        return "paused-holder";
    }

    @Override
    public String summary() {
        return "worker-1 pauses past its lease; worker-2 takes over and writes; worker-1 wakes and writes";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        String key = rig.key("report");
        FencedStore first = rig.store("worker-1");
        FencedStore second = rig.store("worker-2");
        CountDownLatch secondWrote = new CountDownLatch(1);
        try (Workers workers = new Workers()) {
            long staleToken = rig.acquireLease("worker-1", key, LEASE_MILLIS);
            long pauseStart = rig.recorder().now();
            workers.start("worker-2", () -> {
                long token = rig.acquireLease("worker-2", key, LEASE_MILLIS);
                rig.write("worker-2", second, key, token, "written by worker-2");
                secondWrote.countDown();
            });
            Pause.millis(2 * LEASE_MILLIS);
            // the pause matters only if worker-2's newer token reached the storage meanwhile: else the
            // stale write meets no newer token, proves nothing, and the run says unknown, never pass
            boolean overtaken = Pause.until(secondWrote, 5_000);
            long paused = (rig.recorder().now() - pauseStart) / 1_000_000;
            rig.recorder().fault(Faults.PAUSE, rig.scenario(), "worker-1", pauseStart, overtaken,
                    "worker-1 paused " + paused + " ms holding token " + staleToken + " (lease " + LEASE_MILLIS
                            + " ms), as in a stop-the-world GC" + (overtaken ? ", while worker-2 wrote with a newer "
                            + "token" : ", but worker-2's write with a newer token had not ended after 5 s"));
            rig.write("worker-1", first, key, staleToken, "written by worker-1");
            workers.awaitAll();
        }
        long again = rig.acquireLease("worker-1", key, LEASE_MILLIS);
        rig.write("worker-1", first, key, again, "written by worker-1 with its new lease");
        rig.read("worker-2", second, key);
    }
}
