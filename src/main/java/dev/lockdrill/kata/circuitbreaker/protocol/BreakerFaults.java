package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum BreakerFaults implements FaultKind {
    WALL_CLOCK_JUMP;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
