package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A fence must not reject the current holder: a write is rejected only if a strictly higher
 * token had (possibly) been written to the key before the rejection was returned.
 */
public final class FreshWriteAccepted implements Invariant {
    @Override
    public String name() {
        return "fresh-write-accepted";
    }

    @Override
    public String description() {
        return "a write is rejected only when a higher token was already written";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Op write : facts.writes()) {
            if (!FencingFacts.rejected(write) || facts.isRetry(write)) {
                continue;
            }
            boolean higherExisted = facts.higherTokenMayPrecede(write);
            if (!higherExisted) {
                OptionalLong before = facts.writes(Write.of(write).key()).stream()
                        .filter(other -> other.id() != write.id() && FencingFacts.accepted(other)
                                && other.invokeNanos() < write.completeNanos())
                        .mapToLong(other -> Write.of(other).token()).max();
                evidence.add(Evidence.of(FencingFacts.describe(write) + " — but no higher token had been written to "
                        + Write.of(write).key() + " (highest accepted so far: "
                        + (before.isPresent() ? before.getAsLong() : "none") + ")", write.id()));
            }
        }
        if (facts.writes().stream().noneMatch(FencingFacts::rejected)) {
            return notExercised("no write was rejected");
        }
        return failIfAny(evidence);
    }
}
