package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.history.Faults;

/**
 * The explorers' step "a worker is paused, as by a stop-the-world GC": the worker's own thread
 * sleeps, and the pause is recorded as a PAUSE fault over its span. Shared so that every explorer
 * words it alike; the explorer keeps its own step record (and how it draws the length), and calls
 * this for what the step says and does.
 */
public final class GcPause {
    private GcPause() {
    }

    /** The step's description. */
    public static String describe(long millis) {
        return describe(millis, "");
    }

    /** The step's description, with where the pause falls ({@code "between calls"}; empty: anywhere). */
    public static String describe(long millis, String where) {
        return "is paused " + millis + " ms" + (where.isEmpty() ? "" : " " + where) + " (a stop-the-world GC)";
    }

    /** Pauses the calling (the worker's) thread and records the fault against {@code worker}. */
    public static void take(Recorder recorder, String scenario, String worker, long millis) {
        take(recorder, scenario, worker, millis, "");
    }

    /** As {@link #take(Recorder, String, String, long)}, the fault saying where the pause falls. */
    public static void take(Recorder recorder, String scenario, String worker, long millis, String where) {
        long start = recorder.now();
        Pause.millis(millis);
        recorder.fault(Faults.PAUSE, scenario, worker, start, worker + " paused " + millis + " ms"
                + (where.isEmpty() ? "" : " " + where) + ", as in a stop-the-world GC");
    }
}
