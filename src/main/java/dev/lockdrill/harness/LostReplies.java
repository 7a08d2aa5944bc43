package dev.lockdrill.harness;

import dev.lockdrill.history.Faults;

import java.util.function.Function;

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

    /** What the fault says when it landed (given the round trip whose reply was lost), and when not. */
    public record Wording(Function<String, String> landed, String missed) {
    }

    /**
     * Makes {@code call} with the reply of the worker's first committing round trip lost
     * ({@code committing}), or of its first round trip of any kind, and records the fault.
     */
    public static void during(Recorder recorder, String scenario, String worker, WorkerDataSource pool,
                              boolean committing, Call call) throws Exception {
        during(recorder, scenario, worker, pool, committing ? LoseReply.nextCommitting() : LoseReply.next(),
                call, new Wording(roundTrip -> worker + "'s connection was dropped after the server answered "
                        + roundTrip + ", before its code saw the reply (an I/O error, 08006)",
                        worker + "'s call made no " + (committing ? "committing " : "") + "round trip"));
    }

    /** Makes {@code call} with {@code lose} armed on the worker's pool, and records the fault in these words. */
    public static boolean during(Recorder recorder, String scenario, String worker, WorkerDataSource pool,
                                 LoseReply lose, Call call, Wording wording) throws Exception {
        long start = recorder.now();
        pool.hook(lose);
        try {
            call.make();
        } finally {
            pool.hook(RoundTripHook.NONE);
        }
        recorder.fault(Faults.KILL, scenario, worker, start, lose.landed(),
                lose.landed() ? wording.landed().apply(lose.roundTrip()) : wording.missed());
        return lose.landed();
    }

    /** An explorer step's description: the call's own, and which reply is lost. */
    public static String describe(String call, boolean committing) {
        return call + ", and the reply of its first " + (committing ? "committing " : "") + "round trip is lost";
    }
}
