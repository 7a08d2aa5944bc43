package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * A publish op's result: the broker accepted the message ({@code accepted}), and whether the relay
 * was told so ({@code acknowledged} is false when the acknowledgement was lost: the relay saw a
 * timeout). A refused or lost request is a failed op.
 */
public final class Publish {
    static final String ACKNOWLEDGED = "acknowledged";

    private Publish() {
    }

    public static Map<String, Object> acknowledged() {
        return Map.of(ACKNOWLEDGED, true);
    }

    public static Map<String, Object> unacknowledged() {
        return Map.of(ACKNOWLEDGED, false);
    }

    /** The broker has the message. */
    public static boolean accepted(Op publish) {
        return publish.ok();
    }

    /** The broker has the message and the relay's publish() returned normally. */
    public static boolean confirmed(Op publish) {
        return publish.ok() && !Boolean.FALSE.equals(publish.result().get(ACKNOWLEDGED));
    }
}
