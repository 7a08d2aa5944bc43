package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The emitter asked the sleeper to wait this long (virtual ms). */
public record Sleep(long millis) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static Sleep of(Op op) {
        return op.args(Sleep.class);
    }
}
