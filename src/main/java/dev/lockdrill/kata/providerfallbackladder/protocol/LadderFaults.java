package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.FaultKind;

import java.util.Locale;

/** The faults only this kata injects (a hang, a slow provider and an outage of all are in {@code history.Faults}). */
public enum LadderFaults implements FaultKind {
    /** A provider answers 503 at once. */
    FAIL_FAST,
    /** A provider goes down and comes back, again and again. */
    FLAPPING,
    /** A provider that was down serves again. */
    RECOVERY,
    /** A provider answers 4xx to a job whose request is wrong. */
    CLIENT_ERROR,
    /** Many workers start jobs at the very tick a provider's down state expires, while its probe is held. */
    EXPIRY_WAVE;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
