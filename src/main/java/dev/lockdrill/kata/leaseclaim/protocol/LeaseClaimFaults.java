package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum LeaseClaimFaults implements FaultKind {
    ROW_LOCK;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
