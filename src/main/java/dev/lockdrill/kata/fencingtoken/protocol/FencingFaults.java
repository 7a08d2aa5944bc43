package dev.lockdrill.kata.fencingtoken.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (the common ones are in {@code history.Faults}). */
public enum FencingFaults implements FaultKind {
    JITTER;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
