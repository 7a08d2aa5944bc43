package dev.lockdrill.history;


import java.util.Locale;

/** The fault kinds most katas inject; a kata with faults of its own adds an enum in its protocol. */
public enum Faults implements FaultKind {
    /** A worker stopped, as in a stop-the-world GC, while it held something. */
    PAUSE,
    /** A worker frozen after a given round trip to the database until another worker has moved. */
    STALL,
    /** A worker's database sessions terminated with {@code pg_terminate_backend}. */
    KILL,
    /** A process crashed: it stopped and never came back. */
    CRASH,
    /** A worker's clock jumped or ran fast. */
    CLOCK_JUMP,
    /** A dependency refused every call. */
    OUTAGE,
    /** A dependency answered slowly. */
    SLOW,
    /** A dependency never answered. */
    HANG,
    /** The harness held a row lock the workers had to wait on. */
    HOLD,
    /** A worker's clock ran ahead of the others'. */
    CLOCK_SKEW,
    /**
     * Not a fault but an interleaving a scenario was built to provoke (two workers asking for the
     * same lock at once), recorded like one so that when the machine's load kept it from happening
     * the verdict is unknown (faults-landed), never a pass.
     */
    CONTENTION,
    /**
     * Not a fault either: an order the statement scheduler imposed on workers' round trips (one
     * held at a gap while another moved, or priorities with change points from the seed); landed
     * when the worker it was built to hold really was held while another could move.
     */
    SCHEDULE;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
