package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** How the work left the dependency: {@code interrupted} when the bulkhead interrupted it. */
public record WorkResult(boolean interrupted) {
    public Map<String, Object> toMap() {
        return Map.of("interrupted", interrupted);
    }

    public static WorkResult of(Op work) {
        return new WorkResult(work.boolResult("interrupted"));
    }
}
