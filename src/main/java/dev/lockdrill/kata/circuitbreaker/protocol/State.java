package dev.lockdrill.kata.circuitbreaker.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;

/** A breaker state as the history records it (the learner API's {@code BreakerState}, by name). */
public enum State {
    CLOSED, OPEN, HALF_OPEN;

    /** The state of that name; null for anything else (a listener that announced null or nonsense). */
    @JsonCreator
    public static State parse(String name) {
        for (State state : values()) {
            if (state.name().equals(name)) {
                return state;
            }
        }
        return null;
    }
}
