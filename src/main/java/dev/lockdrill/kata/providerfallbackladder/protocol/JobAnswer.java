package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Op;

import java.util.HashMap;
import java.util.Map;

/** What {@code complete} returned (status, provider, output; the last two may be absent) and the tick it returned at. */
public record JobAnswer(String status, String provider, String output, long endTick) {
    private static final String STATUS = "status";
    private static final String PROVIDER = "provider";
    private static final String OUTPUT = "output";
    private static final String END = "endTick";

    public Map<String, Object> toMap() {
        Map<String, Object> result = new HashMap<>();
        result.put(STATUS, status);
        result.put(END, endTick);
        if (provider != null) {
            result.put(PROVIDER, provider);
        }
        if (output != null) {
            result.put(OUTPUT, output);
        }
        return result;
    }

    public static JobAnswer of(Op op) {
        return new JobAnswer(op.stringResult(STATUS), op.stringResult(PROVIDER), op.stringResult(OUTPUT),
                op.longResult(END));
    }
}
