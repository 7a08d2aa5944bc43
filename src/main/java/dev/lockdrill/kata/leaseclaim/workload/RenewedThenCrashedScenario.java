package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Renewing several times, then stopping: worker-1 claims a row and extends its lease three times,
 * then crashes. worker-2 polls: it must get the row once the last extension has run out (not
 * before, and not a pile of extensions later).
 */
final class RenewedThenCrashedScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofMillis(200);
    static final int RENEWALS = 3;
    static final long RENEW_EVERY_MILLIS = 60;
    static final long WAIT_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "renewed-then-crashed";
    }

    @Override
    public String summary() {
        return "worker-1 extends its lease " + RENEWALS + " times, then crashes; worker-2 waits for the row";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue first = rig.queue("worker-1", LEASE);
        LeaseQueue second = rig.queue("worker-2", LEASE);
        long row = rig.insert(1).get(0);
        long start = rig.recorder().now();
        List<Claim> held = rig.claim("worker-1", first, 1);
        for (int i = 0; i < RENEWALS; i++) {
            Pause.millis(RENEW_EVERY_MILLIS);
            for (Claim claim : held) {
                rig.extend("worker-1", first, claim);
            }
        }
        rig.crash("worker-1", held, start);
        List<Claim> taken = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
        while (taken.stream().noneMatch(c -> c.id() == row) && System.nanoTime() < deadline) {
            taken.addAll(rig.claim("worker-2", second, 1));
            Pause.millis(10);
        }
        for (Claim claim : taken) {
            rig.complete("worker-2", second, claim, Completion.DONE);
        }
    }
}
