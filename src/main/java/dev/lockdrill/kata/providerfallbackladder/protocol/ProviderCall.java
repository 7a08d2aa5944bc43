package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * One call a fake provider received: on which ladder, for which job (the id inside the job the
 * harness handed over, which the learner passes on), which provider and rung, the timeout the
 * caller gave, and the tick the call began at.
 */
public record ProviderCall(String ladder, String job, String provider, int rung, long timeoutNanos, long startTick) {
    private static final String LADDER = "ladder";
    private static final String JOB = "job";
    private static final String PROVIDER = "provider";
    private static final String RUNG = "rung";
    private static final String TIMEOUT = "timeoutNanos";
    private static final String START = "startTick";

    public Map<String, Object> toMap() {
        return Map.of(LADDER, ladder, JOB, job, PROVIDER, provider, RUNG, rung, TIMEOUT, timeoutNanos,
                START, startTick);
    }

    public static ProviderCall of(Op op) {
        return new ProviderCall(op.stringArg(LADDER), op.stringArg(JOB), op.stringArg(PROVIDER),
                (int) op.longArg(RUNG), op.longArg(TIMEOUT), op.longArg(START));
    }
}
