package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.kata.fencingtoken.protocol.LeaseGrant;
import dev.lockdrill.kata.fencingtoken.protocol.FencingObservations;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the fencing-token history: writes, the storage's audit trail and its final rows. The
 * writes and the audit trail are read once; invariants ask about them for every write.
 */
final class FencingFacts {
    private final History history;
    private final List<Op> writes;
    private final List<AuditRow> audit;
    /** The writes of each key, in history order: invariants ask for every write's key mates. */
    private final Map<String, List<Op>> writesByKey = new HashMap<>();
    /** What the storage applied, as (key, token, value): asked for every write, often of every other. */
    private final Set<Applied> applied = new HashSet<>();

    private record Applied(String key, long token, String value) {
    }

    FencingFacts(History history) {
        this.history = history;
        this.writes = history.ops(FencingOps.WRITE);
        this.audit = readAudit(history);
        for (Op write : writes) {
            writesByKey.computeIfAbsent(Write.of(write).key(), k -> new ArrayList<>()).add(write);
        }
        writesByKey.replaceAll((key, ops) -> List.copyOf(ops));
        for (AuditRow row : audit) {
            if (!row.op().equals("DELETE") && row.newToken() != null && row.newValue() != null) {
                applied.add(new Applied(row.key(), row.newToken(), row.newValue()));
            }
        }
    }

    List<Op> writes() {
        return writes;
    }

    List<Op> writes(String key) {
        return writesByKey.getOrDefault(key, List.of());
    }

    static boolean accepted(Op write) {
        return write.ok() && write.accepted().orElse(false);
    }

    static boolean rejected(Op write) {
        return write.ok() && !write.accepted().orElse(false);
    }

    /** Audit rows (INSERT/UPDATE/DELETE on the resource), in storage order. */
    List<AuditRow> audit() {
        return audit;
    }

    private static List<AuditRow> readAudit(History history) {
        List<AuditRow> rows = new ArrayList<>();
        for (Observation observation : history.observations(FencingObservations.AUDIT.label())) {
            for (Map<String, Object> row : observation.rows()) {
                rows.add(AuditRow.of(row));
            }
        }
        rows.sort((a, b) -> Long.compare(a.seq(), b.seq()));
        return List.copyOf(rows);
    }

    /** Did the storage ever apply exactly this (key, token, value)? */
    boolean applied(Op write) {
        Write w = Write.of(write);
        return applied.contains(new Applied(w.key(), w.token(), w.value()));
    }

    /** Was a strictly higher token on the same key (possibly) written before this op returned? */
    boolean higherTokenMayPrecede(Op write) {
        return writes(Write.of(write).key()).stream()
                .filter(other -> Write.of(other).token() > Write.of(write).token())
                .filter(other -> accepted(other) || applied(other) || other.outcome() == Outcome.INFO)
                .anyMatch(other -> other.invokeNanos() < write.completeNanos());
    }

    List<Map<String, Object>> finalRows() {
        return history.observations(FencingObservations.FINAL.label()).stream().flatMap(o -> o.rows().stream()).toList();
    }

    /** Ops that are a repeat of an earlier write by the same worker with the same key, token and value. */
    boolean isRetry(Op write) {
        return writes().stream().anyMatch(earlier -> earlier.id() < write.id()
                && earlier.worker().equals(write.worker()) && sameWrite(earlier, write));
    }

    static boolean sameWrite(Op a, Op b) {
        return Write.of(a).key().equals(Write.of(b).key()) && Write.of(a).token() == Write.of(b).token()
                && Write.of(a).value().equals(Write.of(b).value());
    }

    List<FaultEvent> faultsOn(Op op) {
        return history.faults(op.scenario()).stream()
                .filter(f -> f.target().equals(op.worker()) || f.target().equals("all"))
                .toList();
    }

    /** The acquire op that gave this write its token, if the token came from the lease service. */
    Optional<Op> leaseOf(Op write) {
        return history.ops(FencingOps.ACQUIRE).stream()
                .filter(a -> a.worker().equals(write.worker()) && a.ok()
                        && LeaseGrant.token(a) == Write.of(write).token())
                .findFirst();
    }

    static String describe(Op write) {
        String result = write.outcome() == Outcome.OK
                ? (write.accepted().orElse(false) ? "ACCEPTED" : "REJECTED")
                : OpText.outcome(write);
        return write.worker() + " wrote \"" + Write.of(write).value() + "\" to " + Write.of(write).key()
                + " with token " + Write.of(write).token() + " at " + OpText.at(write.invokeNanos()) + ": " + result;
    }

    record AuditRow(long seq, String key, String op, Long oldToken, Long newToken, String newValue, String app) {
        static AuditRow of(Map<String, Object> row) {
            return Fields.as(row, AuditRow.class);
        }

        boolean matches(Op write) {
            return !op.equals("DELETE") && key.equals(Write.of(write).key()) && newToken != null
                    && newToken == Write.of(write).token() && Write.of(write).value().equals(newValue);
        }
    }
}
