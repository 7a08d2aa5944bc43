package dev.lockdrill.kata.outboxrelay.protocol;

import java.util.Locale;

/** What the scenario decided a business transaction would do once its events were enqueued. */
public enum Decision {
    COMMIT,
    ROLLBACK;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
