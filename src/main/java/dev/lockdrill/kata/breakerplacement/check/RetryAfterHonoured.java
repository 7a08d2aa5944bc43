package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.RetryLater;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A rate limit names its own backoff: an event answered 429, or 403 with
 * {@code x-ratelimit-remaining: 0} or {@code retry-after}, with a wait (its Retry-After or its reset) is not sent again before
 * that time has passed — whether the emit sleeps it out or defers the event, in which case it asks
 * the outbox for at least that delay (what was asked is judged, not only what the harness did).
 */
public final class RetryAfterHonoured implements Invariant {
    @Override
    public String name() {
        return "retry-after-honoured";
    }

    @Override
    public String description() {
        return "after a rate limit (429 or 403) with Retry-After, the event is not sent again (nor deferred for less) before it passed";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int limited = 0;
        for (String scenario : facts.scenarios()) {
            Map<String, Long> notBefore = new HashMap<>();
            for (Op op : facts.ops(scenario)) {
                if (op.is(EmitterOp.PLATFORM_CALL)) {
                    String event = Stamp.of(op).event();
                    PlatformCall call = PlatformCall.of(op);
                    Long earliest = notBefore.get(event);
                    if (earliest != null && call.sentTick() < earliest) {
                        evidence.add(Evidence.of(scenario + ": event " + event + " was sent again at t="
                                + call.sentTick() + " ms, before its Retry-After ended at t=" + earliest + " ms",
                                op.id()));
                    }
                    notBefore.remove(event);
                    if (call.rateLimited() && call.retryAfter().isPresent()) {
                        limited++;
                        notBefore.put(event, call.sentTick() + call.retryAfter().get());
                    }
                } else if (op.is(EmitterOp.RETRY_LATER)) {
                    String event = Stamp.of(op).event();
                    Long until = notBefore.get(event);
                    long after = RetryLater.of(op).afterMillis();
                    long left = until == null ? 0 : until - Stamp.of(op).tick();
                    if (after < left) {
                        evidence.add(Evidence.of(scenario + ": event " + event + " was deferred at t="
                                + Stamp.of(op).tick() + " ms for " + after + " ms although its Retry-After had "
                                + left + " ms to run", op.id()));
                    }
                }
            }
        }
        if (limited == 0) {
            return notExercised("no call was answered a rate limit (429, or 403 with x-ratelimit-remaining 0 or retry-after)");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
