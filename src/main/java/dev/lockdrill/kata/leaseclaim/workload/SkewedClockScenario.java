package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Workers whose clocks disagree with the database's: worker-1's is right, worker-ahead's runs ten
 * minutes fast (a bad NTP step), worker-behind's ten minutes slow (a VM restored from a snapshot).
 * worker-1 claims two of four rows; worker-ahead then claims, and must get only the two nobody
 * holds. Then worker-behind claims two rows long overdue and worker-1 claims at once: it must get
 * neither. A lease compared with a fast process clock steals live leases; a lease computed from
 * a slow one is over before it is written.
 */
final class SkewedClockScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofSeconds(10);
    static final Duration SKEW = Duration.ofMinutes(10);

    @Override
    public String name() {
        return "skewed-clock";
    }

    @Override
    public String summary() {
        return "worker-ahead (clock 10 minutes fast) claims while worker-1 holds leases; worker-1 claims while "
                + "worker-behind (10 minutes slow) holds some";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue first = rig.queue("worker-1", LEASE);
        LeaseQueue ahead = rig.queue("worker-ahead", Clock.offset(Clock.systemUTC(), SKEW), LEASE);
        rig.insert(4);
        long start = rig.recorder().now();
        List<Claim> held = rig.claim("worker-1", first, 2);
        List<Claim> taken = rig.claim("worker-ahead", ahead, 4);
        rig.recorder().fault(Faults.CLOCK_SKEW, rig.scenario(), "worker-ahead", start, "worker-ahead's clock runs "
                + SKEW.toMinutes() + " minutes fast; it claimed while worker-1 held "
                + PausedPastLeaseScenario.describe(held) + " (lease " + LEASE.toMillis() + " ms)");
        for (Claim claim : held) {
            rig.complete("worker-1", first, claim, Completion.DONE);
        }
        for (Claim claim : taken) {
            rig.complete("worker-ahead", ahead, claim, Completion.DONE);
        }
        for (int attempt = 0; attempt < 3 && !rig.allFinished(); attempt++) {
            for (Claim claim : rig.claim("worker-1", first, 4)) {
                rig.complete("worker-1", first, claim, Completion.DONE);
            }
        }
        behind(rig, first);
    }

    private static void behind(LeaseRig rig, LeaseQueue first) throws Exception {
        LeaseQueue behind = rig.queue("worker-behind", Clock.offset(Clock.systemUTC(), SKEW.negated()), LEASE);
        rig.insert(2, SKEW.multipliedBy(2));
        long start = rig.recorder().now();
        List<Claim> held = rig.claim("worker-behind", behind, 2);
        List<Claim> stolen = rig.claim("worker-1", first, 2);
        rig.recorder().fault(Faults.CLOCK_SKEW, rig.scenario(), "worker-behind", start, "worker-behind's clock runs "
                + SKEW.toMinutes() + " minutes slow; worker-1 claimed right after it took "
                + PausedPastLeaseScenario.describe(held) + " (lease " + LEASE.toMillis() + " ms)");
        for (Claim claim : held) {
            rig.complete("worker-behind", behind, claim, Completion.DONE);
        }
        for (Claim claim : stolen) {
            rig.complete("worker-1", first, claim, Completion.DONE);
        }
        for (int attempt = 0; attempt < 3 && !rig.allFinished(); attempt++) {
            for (Claim claim : rig.claim("worker-1", first, 2)) {
                rig.complete("worker-1", first, claim, Completion.DONE);
            }
        }
    }
}
