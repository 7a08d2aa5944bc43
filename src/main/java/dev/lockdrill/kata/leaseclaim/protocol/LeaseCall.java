package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of a complete or an extend: the claim's row and token, and for a complete the
 * outcome asked for ({@code done} or {@code failed}; null for an extend). The answer is the op's
 * accepted field.
 */
public record LeaseCall(long id, long token, String outcome) {
    static final String ID = "id";
    static final String TOKEN = "token";
    static final String OUTCOME = "outcome";

    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(ID, id);
        map.put(TOKEN, token);
        if (outcome != null) {
            map.put(OUTCOME, outcome);
        }
        return map;
    }

    public static LeaseCall of(Op op) {
        return new LeaseCall(op.longArg(ID), op.longArg(TOKEN), op.stringArg(OUTCOME));
    }
}
