package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Pause;

import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;

/**
 * w-a takes the lock and stops inside its critical section (a GC-like pause) until its lock has
 * expired on every node; w-b takes the lock, writes and finishes; w-a wakes and writes.
 */
final class PausedHolderScenario implements RedlockScenario {
    @Override
    public String name() {
        return "paused-holder";
    }

    @Override
    public String summary() {
        return "w-a pauses past its validity inside the critical section; w-b takes the lock, writes, finishes";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock a = rig.client("w-a");
        Redlock b = rig.client("w-b");
        Optional<Lease> old = rig.acquire("w-a", a, resource, 500, true);
        long start = rig.recorder().now();
        if (old.isEmpty()) {
            rig.fault(Faults.PAUSE, "w-a", start, false, "w-a got no lease, so there was nothing to pause in");
            return;
        }
        boolean expired = rig.awaitGone(resource, old.get().value(), 3000);
        Pause.millis(Math.max(0, old.get().validityMillis() - (rig.recorder().now() - start) / 1_000_000));
        Optional<Lease> current = rig.acquire("w-b", b, resource, 3000, true);
        rig.fault(Faults.PAUSE, "w-a", start, expired && current.isPresent(),
                "w-a paused " + (rig.recorder().now() - start) / 1_000_000 + " ms inside its critical section, past "
                        + "its validity (" + old.get().validityMillis() + " ms); its lock expired on every node and "
                        + (current.isPresent() ? "w-b took it: without a fence both write" : "w-b did not get it"));
        current.ifPresent(l -> {
            try {
                LessonScenario.twoHolders(rig, a, old.get(), b, l, true);
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
