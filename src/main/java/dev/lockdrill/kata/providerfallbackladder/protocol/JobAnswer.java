package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** What {@code complete} returned (status, provider, output; the last two may be absent) and the tick it returned at. */
public record JobAnswer(String status, String provider, String output, long endTick) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static JobAnswer of(Op op) {
        return op.result(JobAnswer.class);
    }
}
