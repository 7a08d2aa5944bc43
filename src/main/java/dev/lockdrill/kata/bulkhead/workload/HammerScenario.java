package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Round after round, the dependency hangs and {@value #CALLERS} callers, spinning on one flag, call
 * it at the same instant: never more than the limit may be admitted, and the rest must be
 * rejected at once. In the first round, on the fresh bulkheads, exactly the limit must be admitted
 * (not one fewer; later rounds are not judged for this, since a pool's thread may still be on its
 * way back to the queue when the next burst comes). While the admitted calls fill it,
 * availablePermits must say 0, and {@value #LATE} more calls must be rejected at once instead of
 * waiting for a permit (the call timeout is long, so only a rejection ends them). Then it
 * recovers. A round whose calls neither settle nor resolve ends the hammer: it has said enough.
 */
final class HammerScenario implements BulkheadScenario {
    static final String TARGET = "pg";
    static final int LIMIT = 3;
    static final int CALLERS = 10;
    static final int LATE = 2;
    static final int ROUNDS = 4;
    static final long WAIT_MILLIS = 2000;

    @Override
    public String name() {
        return "hammer";
    }

    @Override
    public String summary() {
        return CALLERS + " callers released at once at a hung " + TARGET + " (limit " + LIMIT + "), " + ROUNDS
                + " rounds";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(TARGET, LIMIT);
    }

    @Override
    public long delayMillis() {
        return 1;
    }

    @Override
    public Duration callTimeout() {
        return Duration.ofSeconds(5);
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        FakeDependency pg = rig.dependency(TARGET);
        for (int round = 1; round <= ROUNDS; round++) {
            rig.settle();
            Calls.await(() -> String.valueOf(LIMIT).equals(String.valueOf(rig.availablePermits(TARGET))),
                    rig.deadline(500));
            Pause.millis(10);
            if (!round(rig, pg, round)) {
                break;
            }
        }
    }

    /**
     * One round, which ends with the dependency recovered; false when its calls did not settle
     * (admitted and inside, or rejected) or the late calls did not resolve, in time.
     */
    private static boolean round(BulkheadRig rig, FakeDependency pg, int round) {
        long start = rig.recorder().now();
        pg.hang();
        try (Calls burst = new Calls(rig); Calls late = new Calls(rig)) {
            try {
                burst.hammer("hammer-r" + round, CALLERS, new CallArgs(TARGET, round == 1 ? "round-1" : null));
                boolean settled = Calls.await(() -> burst.futures().size() == CALLERS
                        && burst.done() + pg.inFlight() >= CALLERS, rig.deadline(WAIT_MILLIS));
                if (!settled) {
                    return false;
                }
                rig.observeFull(TARGET);
                int inside = pg.inFlight();
                for (int i = 1; i <= LATE; i++) {
                    late.start("late-r" + round + "-" + i, new CallArgs(TARGET));
                }
                // Late calls that went into the hung dependency are decided (admitted past the limit):
                // nothing is gained by waiting the whole deadline for them.
                Calls.await(() -> late.done() == late.count() || pg.inFlight() >= inside + LATE,
                        rig.deadline(WAIT_MILLIS));
                return late.done() == late.count();
            } finally {
                pg.recover();
                rig.recorder().fault(Faults.HANG, rig.scenario(), TARGET, start, TARGET + " hung during round "
                        + round + " of " + CALLERS + " simultaneous calls");
            }
        }
    }
}
