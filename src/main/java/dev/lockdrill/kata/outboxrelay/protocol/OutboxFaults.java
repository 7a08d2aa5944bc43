package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum OutboxFaults implements FaultKind {
    SLOW_BROKER,
    LATE_COMMIT;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
