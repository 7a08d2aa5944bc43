package dev.lockdrill.kata.redlock.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/**
 * The redlock kata's own fault kinds. The common ones it also uses: {@code pause} (the holder stops
 * inside its critical section), {@code clock-jump} (a TTL cut on one node, standing in for that
 * node's clock jumping forward), {@code slow} and {@code hang} (a node the client cannot reach).
 */
public enum RedlockFaults implements FaultKind {
    /** A node killed with SIGKILL and started again empty on the same port (no persistence). */
    NODE_RESTART,
    /** Two clients' commands forced to reach each node in a planned order. */
    INTERLEAVE;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
