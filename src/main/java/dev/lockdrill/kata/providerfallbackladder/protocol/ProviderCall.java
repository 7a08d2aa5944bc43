package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * One call a fake provider received: on which ladder, for which job (the id inside the job the
 * harness handed over, which the learner passes on), which provider and rung, the timeout the
 * caller gave, and the tick the call began at.
 */
public record ProviderCall(String ladder, String job, String provider, int rung, long timeoutNanos, long startTick) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static ProviderCall of(Op op) {
        return op.args(ProviderCall.class);
    }
}
