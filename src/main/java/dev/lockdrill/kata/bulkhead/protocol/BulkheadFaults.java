package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum BulkheadFaults implements FaultKind {
    CANCELLATION_STORM,
    /** Calls cancelled while their work was inside a hung dependency (timeout's second half). */
    CANCELLED_MID_WORK;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
