package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.OpType;

/** The operations of the fencing-token history, recorded by the workload and read by the checks. */
public enum FencingOps implements OpType {
    /** store.write(key, token, value): accepted or rejected (the op's {@code accepted} field). */
    WRITE("write"),
    /** store.read(key). */
    READ("read"),
    /** The harness's lease service handing a worker its token. */
    ACQUIRE("acquire");

    private final String label;

    FencingOps(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
