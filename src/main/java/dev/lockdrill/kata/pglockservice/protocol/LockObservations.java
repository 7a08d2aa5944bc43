package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Observation;

import java.util.List;
import java.util.Map;

/**
 * Ground truth the workload reads from PostgreSQL after each scenario: every token the locks
 * table took (an INSERT, or an UPDATE that changed the token), in the order the rows were written.
 */
public final class LockObservations {
    public static final String LOCK_HISTORY = "lock-history";

    private LockObservations() {
    }

    /**
     * One token the locks table took: for which name, by which statement, in which session, and
     * whether the row's lease was live once written (a grant) or not (a placeholder row some
     * designs insert with an expired lease before they lock it and decide).
     */
    public record TokenWritten(long seq, String name, String op, long token, String app, boolean live) {
        public static TokenWritten of(Map<String, Object> row) {
            return Fields.as(row, TokenWritten.class);
        }
    }

    public static List<TokenWritten> tokensWritten(List<Observation> observations) {
        return observations.stream().flatMap(o -> o.rows().stream()).map(TokenWritten::of)
                .sorted((a, b) -> Long.compare(a.seq(), b.seq())).toList();
    }
}
