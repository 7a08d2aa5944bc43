package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.List;

/**
 * Watched at run time: each platform call is made with a fresh permit from the breaker of exactly
 * its own (platform, credential) — not a shared breaker's, not one permit for three attempts.
 */
public final class CallsSpendTheirKeysPermit implements Invariant {
    @Override
    public String name() {
        return "each-call-has-its-keys-permit";
    }

    @Override
    public String description() {
        return "every platform call spends a permit of the breaker for its own (platform, credential)";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops("platform-call").stream()
                .filter(call -> !call.stringArg("key").equals(call.stringArg("guard")))
                .limit(5)
                .map(call -> Evidence.of(call.scenario() + ": the call for " + call.stringArg("event") + " ("
                        + call.stringArg("key") + ") at t=" + call.longArg("tick") + " ms spent "
                        + ("none".equals(call.stringArg("guard")) ? "no permit"
                        : "a permit of breaker " + call.stringArg("guard")), call.id()))
                .toList();
        return failIfAny(evidence);
    }
}
