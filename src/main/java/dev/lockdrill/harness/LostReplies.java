package dev.lockdrill.harness;

import dev.lockdrill.history.Faults;

/**
 * The explorers' step "this call loses its reply": arms {@link LoseReply} on the worker's pool for
 * one call, makes the call, disarms it, and records the fault (a KILL of that worker's connection,
 * landed or not) over the call's span, so that the invariants' excuses for a killed connection
 * cover the call it struck. Shared so that every explorer places the fault and words it alike.
 */
public final class LostReplies {
    /** The call the step wraps. */
    @FunctionalInterface
    public interface Call {
        void make() throws Exception;
    }

    private LostReplies() {
    }

    /**
     * Makes {@code call} with the reply of the worker's first committing round trip lost
     * ({@code committing}), or of its first round trip of any kind, and records the fault.
     */
    public static void during(Recorder recorder, String scenario, String worker, WorkerDataSource pool,
                              boolean committing, Call call) throws Exception {
        LoseReply lose = committing ? LoseReply.nextCommitting() : LoseReply.next();
        long start = recorder.now();
        pool.hook(lose);
        try {
            call.make();
        } finally {
            pool.hook(RoundTripHook.NONE);
        }
        recorder.fault(Faults.KILL, scenario, worker, start, lose.landed(), lose.landed()
                ? worker + "'s connection was dropped after the server answered " + lose.roundTrip()
                + ", before its code saw the reply (an I/O error, 08006)"
                : worker + "'s call made no " + (committing ? "committing " : "") + "round trip");
    }
}
