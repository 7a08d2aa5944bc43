package dev.lockdrill.kata.redlock.protocol;

import dev.lockdrill.history.OpType;

/** The operations of the redlock kata's history. */
public enum RedlockOp implements OpType {
    /** The learner's acquire; args: resource, ttlMs, expectLease, nodesBefore; result: accepted, returnedNanos (when acquire returned, before the nodes were read), value, validityMs, token, nodesAfter. */
    ACQUIRE("acquire"),
    /** The learner's release; args: resource, value, nodesBefore; result: nodesAfter. */
    RELEASE("release"),
    /** The learner's write to the protected resource; args: key, value, leaseValue, token, role; result: accepted. */
    WRITE("write"),
    /** The harness's own write without any fence, made on the holder's behalf to show what the lock alone allows. */
    UNFENCED_WRITE("unfenced-write");

    private final String label;

    RedlockOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
