package dev.lockdrill.kata.breakerplacement.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The emitter asked a harness breaker for a permit: which breaker (its key and its instance
 * number: two breakers made for one key have two numbers), whether it got one, and the number the
 * breaker gave the permit it granted ({@value #NONE} when refused): the call that spends it and the
 * report that settles it name the same number (the field {@code permit}).
 */
public record Permit(String breaker, long instance, boolean granted,
                     @JsonProperty("permit") @Fields.NoneWhenAbsent long number) {
    public static final long NONE = Fields.NONE;

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Permit of(Op op) {
        return op.args(Permit.class);
    }
}
