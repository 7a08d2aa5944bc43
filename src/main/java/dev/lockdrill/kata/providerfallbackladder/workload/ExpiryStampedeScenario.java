package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Eight workers start jobs at the very tick p1's down state expires (p1 answered 503, then came
 * back). Forced, not hoped for: no provider call moves time until all eight jobs have been handed
 * over, so they all start at the expiry tick; while the wave runs, every read of the ticker waits
 * until the eight are reading it (so a look at the state, a read of the time and a change of the
 * state all see the same old state); and the first call to p1 is held until the other seven jobs
 * have ended, so they all decide while the probe is out. Exactly one may call p1. The scenario
 * reports the wave as landed only if all of that happened. A round of reads waits for threads the
 * machine has not run yet (see {@link ReadGate}), so the wave is the same on a busy machine.
 */
final class ExpiryStampedeScenario implements LadderScenario {
    static final int WORKERS = 8;

    @Override
    public String name() {
        return LadderScenarios.EXPIRY_STAMPEDE;
    }

    @Override
    public String summary() {
        return WORKERS + " workers start jobs at the tick p1's TTL expires, while its probe is held";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        Ladder ladder = rig.open("l1");
        FakeProvider p1 = ladder.provider(0);
        p1.mode(FakeProvider.Mode.FAIL_FAST);
        rig.job(ladder, "worker-1");
        long failed = p1.lastFailureEnd();
        p1.mode(FakeProvider.Mode.UP);
        long expiry = failed + ladder.ttlNanos();
        ladder.ticker().advanceTo(expiry);
        int callsBefore = p1.calls();
        long start = rig.recorder().now();
        Hold hold = new Hold(WORKERS);
        ReadGate gate = new ReadGate(hold);
        ladder.providers().forEach(p -> p.hold(hold, p == p1));
        ladder.ticker().arm(gate);
        List<Future<?>> wave = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            wave.add(rig.submit(ladder, "worker-" + w, 0, hold));
        }
        for (Future<?> job : wave) {
            job.get(30, TimeUnit.SECONDS);
        }
        ladder.ticker().disarm();
        ladder.providers().forEach(p -> p.hold(null, false));
        int probes = p1.calls() - callsBefore;
        Boolean released = hold.releasedByOthers();
        boolean landed = p1.faultyCalls() > 0 && hold.allStarted() && !Boolean.FALSE.equals(released)
                && gate.timedOutRounds() == 0;
        String what = "p1's down state expired at the tick " + WORKERS + " jobs started together ("
                + gate.fullRounds() + " rounds of ticker reads met all " + WORKERS + "); p1 was called " + probes
                + " times in the wave";
        if (gate.timedOutRounds() > 0) {
            what += " — but " + gate.timedOutRounds() + " rounds of ticker reads were let go after " + Hold.LIMIT_MILLIS
                    + " ms with a job still running that had not read";
        } else if (!hold.allStarted()) {
            what += " — but the jobs were not all handed over within " + Hold.LIMIT_MILLIS + " ms";
        } else if (Boolean.FALSE.equals(released)) {
            what += " — but the other jobs did not end while the first call to p1 was held for " + Hold.LIMIT_MILLIS
                    + " ms: did they wait for the probe?";
        } else if (released != null) {
            what += "; its first call was held until the other " + (WORKERS - 1) + " jobs had ended";
        }
        rig.recorder().fault(LadderFaults.EXPIRY_WAVE, rig.scenario(), p1.name(), start, landed, what);
        ladder.ticker().advanceMillis(1_000);
        rig.job(ladder, "worker-1");
    }
}
