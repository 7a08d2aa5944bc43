package dev.lockdrill.katas.api.redlock;

/**
 * A Redlock held on {@code resource}: the random {@code value} set on the nodes, how long the
 * holder may still act on it ({@code validityMillis}, counted from when acquire returned), and the
 * fencing {@code token} (part two; 0 when the implementation has none).
 */
public record Lease(String resource, String value, long validityMillis, long token) {

    /** A lease without a fencing token (part one). */
    public Lease(String resource, String value, long validityMillis) {
        this(resource, value, validityMillis, 0);
    }
}
