package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.List;

/**
 * The structural rule, checked with ArchUnit on the compiled classes: a class that calls
 * PlatformClient.send also asks a CircuitBreaker for permits and reports outcomes to it.
 */
public final class PlatformCallsPassABreaker implements Invariant {
    @Override
    public String name() {
        return "platform-calls-pass-a-breaker";
    }

    @Override
    public String description() {
        return "(ArchUnit) every class calling PlatformClient.send also calls tryAcquirePermission and onSuccess/onError";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.observations("structure").stream().flatMap(o -> o.rows().stream())
                .filter(row -> !Boolean.TRUE.equals(row.get("asksBreaker"))
                        || !Boolean.TRUE.equals(row.get("reportsToBreaker")))
                .map(row -> Evidence.of(row.get("class") + " calls PlatformClient.send (" + row.get("sendCalls")
                        + ") but " + (Boolean.TRUE.equals(row.get("asksBreaker"))
                        ? "never reports outcomes to a CircuitBreaker" : "never asks a CircuitBreaker for a permit")))
                .toList();
        return failIfAny(evidence);
    }
}
