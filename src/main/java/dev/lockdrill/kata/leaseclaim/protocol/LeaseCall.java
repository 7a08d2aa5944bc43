package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * The arguments of a complete or an extend: the claim's row and token, and for a complete the
 * outcome asked for ({@code done} or {@code failed}; null, and not recorded, for an extend). The
 * answer is the op's accepted field.
 */
public record LeaseCall(long id, long token, String outcome) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static LeaseCall of(Op op) {
        return op.args(LeaseCall.class);
    }
}
