package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.OpType;

/** The lease-claim operations a worker performs on the learner's queue. */
public enum LeaseOp implements OpType {
    CLAIM("claim"), COMPLETE("complete"), EXTEND("extend");

    private final String label;

    LeaseOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
