package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a claim returned: the rows and the lease token of each, in the same order. It crosses the
 * process boundary as its two components, the parallel lists {@code ids} and {@code tokens}, through
 * {@link Fields}; {@link #leases()} pairs them up.
 */
public record Claimed(List<Long> ids, List<Long> tokens) {
    public Claimed {
        ids = ids == null ? List.of() : List.copyOf(ids);
        tokens = tokens == null ? List.of() : List.copyOf(tokens);
    }

    /** The claim of these (row, token) pairs, in order. */
    public Claimed(List<Lease> leases) {
        this(leases.stream().map(Lease::id).toList(), leases.stream().map(Lease::token).toList());
    }

    /** One (row, token) pair a claim returned. */
    public record Lease(long id, long token) {
    }

    /** The (row, token) pairs, in order; a row without a token (or a token without a row) is left out. */
    public List<Lease> leases() {
        List<Lease> leases = new ArrayList<>();
        for (int i = 0; i < ids.size() && i < tokens.size(); i++) {
            leases.add(new Lease(ids.get(i), tokens.get(i)));
        }
        return leases;
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** The leases an OK claim returned; none for a claim that failed or whose outcome is unknown. */
    public static Claimed of(Op op) {
        return op.ok() ? op.result(Claimed.class) : new Claimed(List.of(), List.of());
    }
}
