package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.StallAfterRoundTrip;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.history.Faults;

/**
 * The nemesis step "stall a worker after the first round trip of its next call": arms
 * {@link StallAfterRoundTrip} on the worker's pool for the step's length, then disarms and releases
 * it, and records a STALL fault that landed when a call was held. Shared so that every explorer
 * places the stall and words it alike.
 */
public final class RoundTripStall {
    private RoundTripStall() {
    }

    /** The step's description. */
    public static String describe(String worker, long millis) {
        return "stalls " + worker + " after the first round trip of its next call for " + millis + " ms";
    }

    /** Stalls the worker's next call on {@code pool} for up to {@code millis} and records the fault. */
    public static void take(Recorder recorder, String scenario, String worker, WorkerDataSource pool, long millis) {
        StallAfterRoundTrip gate = new StallAfterRoundTrip(1, millis);
        long start = recorder.now();
        pool.hook(gate);
        boolean held;
        try {
            Pause.millis(millis);
            held = gate.stalled();
        } finally {
            pool.hook(RoundTripHook.NONE);
            gate.release();
        }
        recorder.fault(Faults.STALL, scenario, worker, start, held, held
                ? worker + " stalled after the first round trip of a call, up to " + millis + " ms"
                : worker + " made no second round trip to stall before " + millis + " ms");
    }
}
