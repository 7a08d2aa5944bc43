package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A job the harness handed to one ladder: its ladder, the id the harness assigned it, and the tick
 * of the ladder's ticker just before {@code complete} was called (where its budget starts).
 */
public record JobRun(String ladder, String job, long startTick) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static JobRun of(Op op) {
        return op.args(JobRun.class);
    }
}
