package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * How a provider call ended: its HTTP status (0 when it timed out), its body, and the tick it
 * returned at. A 5xx or a timeout is the provider's failure; a 2xx or a 4xx is an answer.
 */
public record CallReply(int status, String body, boolean timedOut, long endTick) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static CallReply of(Op op) {
        return op.result(CallReply.class);
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
