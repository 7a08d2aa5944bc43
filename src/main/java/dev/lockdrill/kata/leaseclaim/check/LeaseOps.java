package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/** Reads the lease-claim calls from a history: claims with the (id, token) pairs they returned. */
final class LeaseOps {
    private LeaseOps() {
    }

    /** The (id, token) pairs an OK claim returned. */
    static List<long[]> claimed(Op claim) {
        List<long[]> pairs = new ArrayList<>();
        if (!claim.ok()) {
            return pairs;
        }
        List<?> ids = (List<?>) claim.result().getOrDefault("ids", List.of());
        List<?> tokens = (List<?>) claim.result().getOrDefault("tokens", List.of());
        for (int i = 0; i < ids.size() && i < tokens.size(); i++) {
            pairs.add(new long[]{((Number) ids.get(i)).longValue(), ((Number) tokens.get(i)).longValue()});
        }
        return pairs;
    }

    static List<Op> claims(History history) {
        return history.ops("claim");
    }

    static String rowKey(Op op, long id) {
        return op.scenario() + "/" + id;
    }
}
