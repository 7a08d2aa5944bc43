package dev.lockdrill.history;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a history says about the transaction pooler (PgBouncer in transaction mode) a scenario's
 * workers went through: that it did not run, and why; and which server sessions behind it still
 * held advisory locks between transactions, after which call.
 */
public final class Pooler {
    /** Observed once in a pooled scenario that was not run: one row, {@link #REASON}. */
    public static final String NOT_RUN = "pooler-not-run";
    /** Observed after a call in a pooled scenario: one row per server session holding advisory locks. */
    public static final String SESSION_LOCKS = "pooler-session-locks";
    public static final String REASON = "reason";
    public static final String AFTER = "after";
    public static final String PID = "pid";
    public static final String LOCKS = "locks";
    /** How evidence names the pooler. */
    public static final String NAME = "PgBouncer in transaction mode";

    private Pooler() {
    }

    public static Map<String, Object> notRun(String reason) {
        return Map.of(REASON, reason);
    }

    /** Why the pooled scenario did not run, if it did not. */
    public static Optional<String> notRun(History history, String scenario) {
        return history.observations(NOT_RUN).stream().filter(o -> o.scenario().equals(scenario))
                .flatMap(o -> o.rows().stream()).map(row -> String.valueOf(row.get(REASON))).findFirst();
    }

    /** One server session behind the pooler that held advisory locks between transactions, after a call. */
    public record SessionLocks(String scenario, String after, long pid, long locks) {
    }

    public static List<SessionLocks> sessionLocks(History history) {
        return history.observations(SESSION_LOCKS).stream().flatMap(o -> o.rows().stream()
                .map(row -> new SessionLocks(o.scenario(), String.valueOf(row.get(AFTER)),
                        ((Number) row.get(PID)).longValue(), ((Number) row.get(LOCKS)).longValue()))).toList();
    }
}
