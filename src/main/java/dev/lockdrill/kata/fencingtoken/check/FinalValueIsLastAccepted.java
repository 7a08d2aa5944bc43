package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.kata.fencingtoken.protocol.Read;
import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.kata.fencingtoken.protocol.ReadResult;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * When the writers are done, each key holds the value of the highest-token write that took
 * effect, and read() returns exactly what the storage holds.
 */
public final class FinalValueIsLastAccepted implements Invariant {
    @Override
    public String name() {
        return "final-value-is-last-accepted";
    }

    @Override
    public String description() {
        return "each key ends with the value of its highest accepted token, and read() returns it";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        facts.writes().forEach(w -> keys.add(Write.of(w).key()));
        for (String key : keys) {
            Optional<Op> last = facts.writes(key).stream()
                    .filter(w -> FencingFacts.accepted(w) || facts.applied(w))
                    .max(Comparator.comparingLong(w -> Write.of(w).token()));
            if (last.isEmpty()) {
                continue;
            }
            Optional<Map<String, Object>> stored = facts.finalRows().stream()
                    .filter(row -> key.equals(row.get("key"))).findFirst();
            Op expected = last.get();
            long expectedToken = Write.of(expected).token();
            if (stored.isEmpty()) {
                evidence.add(Evidence.of(key + " is missing from the storage, but " + FencingFacts.describe(expected),
                        expected.id()));
                continue;
            }
            long token = ((Number) stored.get().get("token")).longValue();
            Object value = stored.get().get("value");
            if (token != expectedToken) {
                evidence.add(Evidence.of(key + " ends with token " + token + " (\"" + value + "\"), but the highest "
                        + "accepted token was " + expectedToken + " (\"" + Write.of(expected).value() + "\")",
                        expected.id()));
            }
            readMismatch(history, facts.writes(key), key, token, value).ifPresent(evidence::add);
        }
        return failIfAny(evidence);
    }

    /** The last read of the key that answered (errors are judged elsewhere) must see its final row, when every write to the key had ended before it began. */
    private static Optional<Evidence> readMismatch(History history, List<Op> writes, String key, long token,
                                                   Object value) {
        return history.ops(FencingOps.READ).stream()
                .filter(r -> key.equals(Read.of(r).key()) && r.ok())
                .reduce((first, second) -> second)
                .filter(read -> writes.stream().allMatch(w -> w.completeNanos() < read.invokeNanos()))
                .filter(read -> ReadResult.of(read).filter(r -> r.found() && Objects.equals(r.token(), token)
                        && Objects.equals(r.value(), String.valueOf(value))).isEmpty())
                .map(read -> Evidence.of(read.worker() + " read " + key + " and got "
                        + ReadResult.of(read).map(r -> r.found() ? "\"" + r.value() + "\" with token " + r.token()
                        : "nothing").orElse("an error (" + read.error() + ")")
                        + ", but the storage holds \"" + value + "\" with token " + token, read.id()));
    }
}
