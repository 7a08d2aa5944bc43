package dev.lockdrill.harness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The time a scenario spends in deliberate waits: a paused holder, a lease left to run out, a
 * stalled round trip ({@link Pause}). A scenario's threads, and the threads they start, add their
 * pauses to its ledger; overlapping pauses count once, so what it reports is the part of the
 * scenario's wall time that is waiting by design rather than work.
 */
public final class WaitLedger {
    private static final InheritableThreadLocal<WaitLedger> CURRENT = new InheritableThreadLocal<>();
    private final List<long[]> spans = new ArrayList<>();

    private WaitLedger() {
    }

    /** Starts a ledger for the calling thread and the threads it starts, until {@link Scope#close}. */
    public static Scope open() {
        WaitLedger ledger = new WaitLedger();
        WaitLedger previous = CURRENT.get();
        CURRENT.set(ledger);
        return new Scope(ledger, previous);
    }

    static void record(long startNanos, long endNanos) {
        WaitLedger ledger = CURRENT.get();
        if (ledger != null && endNanos > startNanos) {
            synchronized (ledger.spans) {
                ledger.spans.add(new long[]{startNanos, endNanos});
            }
        }
    }

    /** The union of the recorded pauses, in nanoseconds. */
    long waitedNanos() {
        List<long[]> sorted;
        synchronized (spans) {
            sorted = new ArrayList<>(spans);
        }
        sorted.sort(Comparator.comparingLong(span -> span[0]));
        long total = 0;
        long from = Long.MIN_VALUE;
        long to = Long.MIN_VALUE;
        for (long[] span : sorted) {
            if (span[0] > to) {
                total += to - from;
                from = span[0];
                to = span[1];
            } else {
                to = Math.max(to, span[1]);
            }
        }
        return total + (to - from);
    }

    /** An open ledger; closing it restores the thread's previous one. */
    public static final class Scope implements AutoCloseable {
        private final WaitLedger ledger;
        private final WaitLedger previous;

        private Scope(WaitLedger ledger, WaitLedger previous) {
            this.ledger = ledger;
            this.previous = previous;
        }

        public long waitedNanos() {
            return ledger.waitedNanos();
        }

        @Override
        public void close() {
            CURRENT.set(previous);
        }
    }
}
