package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.OpType;

/** The double-send operations: one pass of a worker's drain loop. */
public enum SendOp implements OpType {
    DRAIN("drain");

    private final String label;

    SendOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
