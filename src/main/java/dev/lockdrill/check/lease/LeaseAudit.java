package dev.lockdrill.check.lease;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads the queue table's ground truth from a history: the audit trail (every UPDATE of a row,
 * in commit order per row, stamped with the database's clock) and the final rows, per scenario.
 */
public final class LeaseAudit {
    /** The observation that records the lease each worker asked for (written by the harness's lease schema). */
    public static final String ASKED = "lease-asked";
    private static final Set<String> TERMINAL = Set.of("done", "sent", "failed");
    private final History history;

    public LeaseAudit(History history) {
        this.history = history;
    }

    public static boolean terminal(String state) {
        return state != null && TERMINAL.contains(state);
    }

    /** Every change, grouped by scenario, in storage order. */
    public List<Change> changes() {
        List<Change> changes = new ArrayList<>();
        for (Observation observation : history.observations("audit")) {
            for (Map<String, Object> row : observation.rows()) {
                changes.add(Change.of(observation.scenario(), row));
            }
        }
        changes.sort(Comparator.comparing(Change::scenario).thenComparingLong(Change::seq));
        return changes;
    }

    /** Changes per (scenario, row id), each list in storage order. */
    public Map<String, List<Change>> byRow() {
        Map<String, List<Change>> rows = new LinkedHashMap<>();
        for (Change change : changes()) {
            rows.computeIfAbsent(change.scenario() + "/" + change.id(), k -> new ArrayList<>()).add(change);
        }
        return rows;
    }

    /** The final rows of each scenario's table. */
    public List<FinalRow> finalRows() {
        List<FinalRow> rows = new ArrayList<>();
        for (Observation observation : history.observations("final")) {
            for (Map<String, Object> row : observation.rows()) {
                rows.add(new FinalRow(observation.scenario(), number(row.get("id")), (String) row.get("state"),
                        (int) number(row.get("attempts")), String.valueOf(row.get("recipient"))));
            }
        }
        return rows;
    }

    /**
     * The lease (µs) the harness built this worker's implementation with, i.e. the lease every claim
     * of that worker asked for; empty when the scenario did not record it.
     */
    public OptionalLong askedUs(String scenario, String worker) {
        for (Observation observation : history.observations(ASKED)) {
            if (!observation.scenario().equals(scenario)) {
                continue;
            }
            for (Map<String, Object> row : observation.rows()) {
                if (worker.equals(row.get("worker"))) {
                    return OptionalLong.of(number(row.get("leaseUs")));
                }
            }
        }
        return OptionalLong.empty();
    }

    /** A worker's name from its session's application_name ("ld1a2b3c-worker-2" → "worker-2"). */
    public static String worker(String app) {
        if (app == null) {
            return "?";
        }
        int dash = app.indexOf('-');
        return dash >= 0 ? app.substring(dash + 1) : app;
    }

    public static String ms(long us) {
        return String.format(Locale.ROOT, "%.1f ms", us / 1000.0);
    }

    private static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    private static Long nullable(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }

    /**
     * One UPDATE of one row, as the triggers recorded it, in database µs: {@code atUs} when the row
     * changed, {@code txUs} when its transaction began ({@code now()}), {@code commitUs} when that
     * transaction committed, i.e. when the change became visible to everyone else.
     */
    public record Change(String scenario, long seq, long id, String oldState, String newState, Long oldToken,
                         Long newToken, Long oldExpiryUs, Long newExpiryUs, long oldAttempts, long newAttempts,
                         long atUs, long txUs, long commitUs, String worker) {
        static Change of(String scenario, Map<String, Object> row) {
            long at = number(row.get("atUs"));
            Long tx = nullable(row.get("txUs"));
            Long commit = nullable(row.get("commitUs"));
            return new Change(scenario, number(row.get("seq")), number(row.get("id")), (String) row.get("oldState"),
                    (String) row.get("newState"), nullable(row.get("oldToken")), nullable(row.get("newToken")),
                    nullable(row.get("oldExpiryUs")), nullable(row.get("newExpiryUs")),
                    number(row.get("oldAttempts")), number(row.get("newAttempts")), at, tx == null ? at : tx,
                    commit == null ? at : commit, LeaseAudit.worker((String) row.get("app")));
        }

        /** A new lease: the row got a lease token it did not have. */
        public boolean isClaim() {
            return newToken != null && !newToken.equals(oldToken);
        }

        /** The row went from unfinished to finished. */
        public boolean isFinish() {
            return !terminal(oldState) && terminal(newState);
        }

        /** The lease was pushed forward without a new token. */
        public boolean isExtend() {
            return !isClaim() && !isFinish() && newExpiryUs != null && !newExpiryUs.equals(oldExpiryUs);
        }

        public String rowKey() {
            return scenario + "/" + id;
        }
    }

    public record FinalRow(String scenario, long id, String state, int attempts, String recipient) {
        public String rowKey() {
            return scenario + "/" + id;
        }
    }
}
