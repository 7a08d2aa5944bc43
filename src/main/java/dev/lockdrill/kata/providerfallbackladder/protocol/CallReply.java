package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Op;

import java.util.HashMap;
import java.util.Map;

/**
 * How a provider call ended: its HTTP status (0 when it timed out), its body, and the tick it
 * returned at. A 5xx or a timeout is the provider's failure; a 2xx or a 4xx is an answer.
 */
public record CallReply(int status, String body, boolean timedOut, long endTick) {
    private static final String STATUS = "status";
    private static final String BODY = "body";
    private static final String TIMED_OUT = "timedOut";
    private static final String END = "endTick";

    public Map<String, Object> toMap() {
        Map<String, Object> result = new HashMap<>();
        result.put(STATUS, status);
        result.put(TIMED_OUT, timedOut);
        result.put(END, endTick);
        if (body != null) {
            result.put(BODY, body);
        }
        return result;
    }

    public static CallReply of(Op op) {
        return new CallReply(op.longResult(STATUS).intValue(), op.stringResult(BODY), op.boolResult(TIMED_OUT),
                op.longResult(END));
    }

    public boolean providerFailed() {
        return timedOut || status >= 500;
    }

    public boolean clientError() {
        return !timedOut && status >= 400 && status < 500;
    }

    public boolean succeeded() {
        return !timedOut && status >= 200 && status < 300;
    }

    public String describe() {
        return timedOut ? "timed out" : "answered " + status;
    }
}
