package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

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
        List<Evidence> evidence = history.ops(EmitterOp.PLATFORM_CALL).stream()
                .filter(call -> !Stamp.of(call).key().equals(PlatformCall.of(call).guard()))
                .map(CallsSpendTheirKeysPermit::describe)
                .toList();
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static Evidence describe(Op op) {
        Stamp stamp = Stamp.of(op);
        PlatformCall call = PlatformCall.of(op);
        return Evidence.of(op.scenario() + ": the call for " + stamp.event() + " (" + stamp.key() + ") at t="
                + stamp.tick() + " ms spent " + (call.spentNoPermit() ? "no permit"
                : "a permit of breaker " + call.guard()), op.id());
    }
}
