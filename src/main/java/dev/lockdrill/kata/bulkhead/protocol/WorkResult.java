package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * How the work left the dependency: {@code interrupted} when the bulkhead interrupted it;
 * {@code hung} when the dependency was hanging as it arrived (then only an interrupt or the
 * recovery ends it); the value it returned, or the error it threw (the dependency's own failure);
 * a null value or error is not recorded.
 */
public record WorkResult(boolean interrupted, boolean hung, String value, String error) {
    public static WorkResult returned(boolean hung, String value) {
        return new WorkResult(false, hung, value, null);
    }

    public static WorkResult interrupted(boolean hung) {
        return new WorkResult(true, hung, null, "interrupted");
    }

    public static WorkResult failed(boolean hung, String error) {
        return new WorkResult(false, hung, null, error);
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** The dependency answered with a value (it neither failed nor was interrupted). */
    public boolean answered() {
        return value != null;
    }

    /** The dependency failed on its own (not an interrupt). */
    public boolean failed() {
        return !interrupted && error != null;
    }

    public static WorkResult of(Op work) {
        return work.result(WorkResult.class);
    }
}
