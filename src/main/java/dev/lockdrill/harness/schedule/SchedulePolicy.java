package dev.lockdrill.harness.schedule;

import java.util.List;

/**
 * Decides which worker moves next when the {@link StatementScheduler} has them all still: each
 * holds before its next round trip (or its first line), waits on another session's lock, is parked
 * in its own code, or is done. A policy sees only the workers that can move, so what it decides
 * depends on the seed and on what the workers did, never on how busy the machine is.
 */
public interface SchedulePolicy {
    /** One of {@code enabled} (never empty, in the order the workers were given to the scheduler). */
    String next(List<String> enabled);

    /** What this policy does, for the fault line: "worker-1 held after its 2nd round trip while worker-2 runs". */
    String describe();
}
