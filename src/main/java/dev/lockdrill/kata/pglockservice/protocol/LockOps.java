package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.OpType;

/**
 * The operations of the lock-service history. tryAcquire, renew and release answer with the op's
 * {@code accepted} field (granted / renewed / released); fenced-write is the harness's write to the
 * protected resource on a holder's behalf.
 */
public enum LockOps implements OpType {
    ACQUIRE("acquire"),
    RENEW("renew"),
    RELEASE("release"),
    FENCED_WRITE("fenced-write");

    private final String label;

    LockOps(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
