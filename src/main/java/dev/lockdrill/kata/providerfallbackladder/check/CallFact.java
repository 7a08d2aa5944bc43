package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.kata.providerfallbackladder.protocol.CallReply;
import dev.lockdrill.kata.providerfallbackladder.protocol.ProviderCall;

/** One provider call as the provider recorded it; {@code reply} is null when the call never ended. */
record CallFact(Op op, ProviderCall call, CallReply reply) {
    static CallFact of(Op op) {
        return new CallFact(op, ProviderCall.of(op), op.ok() ? CallReply.of(op) : null);
    }

    /** A 5xx or a timeout: the provider's failure, which makes it down. */
    boolean failed() {
        return reply != null && reply.providerFailed();
    }

    /** A 2xx or a 4xx: the provider served, whatever it thought of the request. */
    boolean answered() {
        return reply != null && !reply.providerFailed();
    }

    String provider() {
        return call.provider();
    }

    long id() {
        return op.id();
    }
}
