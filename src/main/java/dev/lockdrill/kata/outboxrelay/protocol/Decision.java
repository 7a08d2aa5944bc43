package dev.lockdrill.kata.outboxrelay.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** What the scenario decided a business transaction would do once its events were enqueued; recorded by its label. */
public enum Decision {
    COMMIT,
    ROLLBACK;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
