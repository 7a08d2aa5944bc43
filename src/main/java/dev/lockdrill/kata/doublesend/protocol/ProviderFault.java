package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.FaultKind;

/** What goes wrong with the first request for a notification the scenario picked. */
public enum ProviderFault implements FaultKind {
    /** The provider processes the message, then the worker freezes (GC pause) past its lease before it can mark it. */
    PAUSE_AFTER_SEND("pause-after-send"),
    /** The provider processes the message, then the response is lost: the worker sees a timeout. */
    DROP_RESPONSE("dropped-response"),
    /** The request is lost on the way: the provider never sees it, and the worker sees the same timeout. */
    REQUEST_LOST("lost-request"),
    /** The provider processes the message, then the worker's process dies before it can mark it. */
    CRASH_AFTER_SEND("crash-after-send"),
    /** The worker's process dies while sending: the request never reaches the provider. */
    CRASH_DURING_SEND("crash-during-send"),
    /** The provider holds the request, in flight, until the notification is sent again by someone else. */
    SLOW_PROVIDER("slow-provider");

    private final String label;

    ProviderFault(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
