package dev.lockdrill.kata.bulkhead.protocol;

/**
 * The time bounds the workload and the checks share. They are coarse on purpose: a loaded 2-core
 * machine stalls a thread for hundreds of milliseconds, and a correct bulkhead must never fail
 * for it. Each is paired with a hang of the harness's that lasts longer, so that a bulkhead that
 * waits (for a permit, for the work) shows as waiting for the whole hang, not for a few ms more.
 */
public final class Budgets {
    /** A rejection comes back within this; a call made while the dependency is full is rejected within it. */
    public static final long REJECTION_MILLIS = 1000;
    /** {@code call()} itself returns within this: it never waits for a permit or for the work. */
    public static final long RETURN_MILLIS = 1000;
    /** A call held by a hung dependency ends as a timeout no later than this past its call timeout. */
    public static final long TIMEOUT_SLACK_MILLIS = 1000;
    /** Work abandoned by a timeout or a cancellation is interrupted within this. */
    public static final long INTERRUPT_GRACE_MILLIS = 200;
    /** The dependency's error reaches the future within this (it may not be masked by a later timeout). */
    public static final long FAILURE_GRACE_MILLIS = 100;

    private Budgets() {
    }
}
