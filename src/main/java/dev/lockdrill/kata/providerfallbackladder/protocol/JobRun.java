package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A job the harness handed to one ladder: its ladder, the id the harness assigned it, and the tick
 * of the ladder's ticker just before {@code complete} was called (where its budget starts).
 */
public record JobRun(String ladder, String job, long startTick) {
    private static final String LADDER = "ladder";
    private static final String JOB = "job";
    private static final String START = "startTick";

    public Map<String, Object> toMap() {
        return Map.of(LADDER, ladder, JOB, job, START, startTick);
    }

    public static JobRun of(Op op) {
        return new JobRun(op.stringArg(LADDER), op.stringArg(JOB), op.longArg(START));
    }
}
