package dev.lockdrill.check;

import dev.lockdrill.history.Op;

import java.util.List;

/** Throughput and latency figures over a set of operations. */
public final class Latency {
    private Latency() {
    }

    /** Operations per second over the span from the first invoke to the last completion. */
    public static double perSecond(List<Op> counted, List<Op> window) {
        if (window.isEmpty()) {
            return 0;
        }
        long first = window.stream().mapToLong(Op::invokeNanos).min().orElse(0);
        long last = window.stream().mapToLong(Op::completeNanos).max().orElse(0);
        return last > first ? counted.size() / ((last - first) / 1e9) : 0;
    }

    /** The given percentile (0-100) of op latency, in milliseconds. */
    public static double percentileMillis(List<Op> ops, double percentile) {
        if (ops.isEmpty()) {
            return 0;
        }
        long[] sorted = ops.stream().mapToLong(op -> op.completeNanos() - op.invokeNanos()).sorted().toArray();
        int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }
}
