package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a claim returned: the rows and the lease token of each, in the same order. */
public record Claimed(List<Lease> leases) {
    static final String IDS = "ids";
    static final String TOKENS = "tokens";

    public Claimed {
        leases = List.copyOf(leases);
    }

    /** One (row, token) pair a claim returned. */
    public record Lease(long id, long token) {
    }

    public Map<String, Object> toMap() {
        return Map.of(IDS, leases.stream().map(Lease::id).toList(), TOKENS, leases.stream().map(Lease::token).toList());
    }

    /** The leases an OK claim returned; none for a claim that failed or whose outcome is unknown. */
    public static Claimed of(Op op) {
        List<Lease> leases = new ArrayList<>();
        if (op.ok()) {
            List<?> ids = (List<?>) op.result().getOrDefault(IDS, List.of());
            List<?> tokens = (List<?>) op.result().getOrDefault(TOKENS, List.of());
            for (int i = 0; i < ids.size() && i < tokens.size(); i++) {
                leases.add(new Lease(((Number) ids.get(i)).longValue(), ((Number) tokens.get(i)).longValue()));
            }
        }
        return new Claimed(leases);
    }
}
