package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Latency;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.LabNames;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The db-vs-redlock lab's table, computed from its history: one row per lock service and fence.
 * Redlock alone is the sequence client's run read through its unfenced writes (its lock is Redlock
 * by the spec; the reference's grant would refuse the second holder, hiding what Redlock allows).
 */
public record LabTable(List<Row> rows) {
    /** What one fault did to a row: one holder at a time, or two with the stale write refused or accepted. */
    public static final String ONE_HOLDER = "1 holder";
    public static final String STALE_REFUSED = "2, refused";
    public static final String STALE_ACCEPTED = "2, ACCEPTED";

    /**
     * One service with one fence: what each fault did, and the figures. {@code fence} says which:
     * "token" (drawn with the grant), "none", "seq after grant" (a sequence drawn after the majority)
     * or "db grant" (Redlock in front, the grant and its token from PostgreSQL).
     */
    public record Row(String service, String fence, boolean fenced, Map<String, String> faults,
                      int exclusionViolations, int staleAccepted, double p50Millis, double p99Millis,
                      double acquisitionsPerSecond) {
        public String label() {
            return service + ", " + fence;
        }

        /** Safe when no fault let a stale holder's write land. */
        public boolean safe() {
            return staleAccepted == 0;
        }
    }

    public static LabTable of(History history) {
        List<Row> rows = new ArrayList<>();
        rows.add(row(history, LabNames.PG, "token", true));
        rows.add(row(history, LabNames.PG, "none", false));
        rows.add(row(history, LabNames.REDLOCK_SEQUENCE, "none", false));
        rows.add(row(history, LabNames.REDLOCK_SEQUENCE, "seq after grant", true));
        rows.add(row(history, LabNames.REDLOCK, "db grant", true));
        return new LabTable(rows);
    }

    private static Row row(History history, String service, String fence, boolean fenced) {
        List<Op> acquires = history.ops(op -> op.is(RedlockOp.ACQUIRE) && op.ok()
                && op.scenario().equals(service + "/" + LabNames.CONTENTION));
        List<Op> contention = history.ops(op -> op.scenario().equals(service + "/" + LabNames.CONTENTION));
        List<Op> grants = acquires.stream().filter(op -> op.accepted().orElse(false)).toList();
        Map<String, String> outcomes = new LinkedHashMap<>();
        int violations = 0;
        int stale = 0;
        for (String fault : LabNames.FAULTS) {
            String scenario = service + "/" + fault;
            RedlockOp write = fenced ? RedlockOp.WRITE : RedlockOp.UNFENCED_WRITE;
            List<Op> writes = history.ops(op -> op.is(write) && op.scenario().equals(scenario) && op.ok());
            boolean twoHolders = writes.stream().anyMatch(op -> Roles.STALE.equals(op.stringArg("role")));
            boolean staleAccepted = writes.stream().anyMatch(op -> Roles.STALE.equals(op.stringArg("role"))
                    && op.accepted().orElse(false));
            boolean bothWrote = staleAccepted && writes.stream().anyMatch(op ->
                    Roles.CURRENT.equals(op.stringArg("role")) && op.accepted().orElse(false));
            if (bothWrote) {
                violations++;
            }
            if (staleAccepted) {
                stale++;
            }
            outcomes.put(fault, !twoHolders ? ONE_HOLDER : staleAccepted ? STALE_ACCEPTED : STALE_REFUSED);
        }
        return new Row(service.equals(LabNames.PG) ? "pg-lock-service" : "redlock", fence, fenced, outcomes, violations,
                stale, Latency.percentileMillis(acquires, 50), Latency.percentileMillis(acquires, 99),
                Latency.perSecond(grants, contention));
    }

    /** Why each row behaves as it does, with the source that says so. */
    private static final Map<String, String> WHY = Map.of(
            "pg-lock-service, token", "the database grants the lease and draws its token in one step, so tokens "
                    + "come out in grant order and the resource refuses an older one",
            "pg-lock-service, none", "a lease alone cannot stop a holder that pauses past it and then acts "
                    + "(Kleppmann 2016)",
            "redlock, none", "Redlock alone lets a paused holder, a restarted node or a jumped clock leave two "
                    + "holders acting (Kleppmann 2016; the Redlock spec's own disclaimer asks for fencing tokens)",
            "redlock, seq after grant", "a number drawn after the majority orders the draws, not the grants: a holder "
                    + "paused between its majority and its draw gets a larger token than the newer holder (Kleppmann "
                    + "2016: Redlock has no facility for generating fencing tokens)",
            "redlock, db grant", "the resource's PostgreSQL grants the lease and draws the token in one step, so the "
                    + "grant is ordered by something linearizable; Redlock in front only saves work: locks optimize, "
                    + "fences guarantee");

    /** One sentence per row: under which faults it kept the resource safe, and why. */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        for (Row row : rows) {
            List<String> broke = row.faults().entrySet().stream()
                    .filter(e -> e.getValue().equals(STALE_ACCEPTED)).map(Map.Entry::getKey).toList();
            String verdict = broke.isEmpty() ? "safe under every fault"
                    : "a stale write landed under " + String.join(", ", broke);
            lines.add(row.label() + ": " + verdict + ". " + WHY.getOrDefault(row.label(), "") + ".");
        }
        return lines;
    }

    private static final List<String> HEADER = List.of("lock service, fence", "paused", "before token", "clock jump",
            "lost node", "exclusion", "stale", "p50", "p99", "acq/s");

    /** The table as cells, its header first (for the HTML page): the faults' outcomes, then the figures. */
    public List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>();
        cells.add(HEADER);
        for (Row row : rows) {
            cells.add(List.of(row.label(), row.faults().get(LabNames.PAUSED), row.faults().get(LabNames.BEFORE_TOKEN),
                    row.faults().get(LabNames.CLOCK), row.faults().get(LabNames.LOST),
                    String.valueOf(row.exclusionViolations()), String.valueOf(row.staleAccepted()),
                    String.format(Locale.ROOT, "%.1fms", row.p50Millis()),
                    String.format(Locale.ROOT, "%.1fms", row.p99Millis()),
                    String.format(Locale.ROOT, "%.0f", row.acquisitionsPerSecond())));
        }
        return cells;
    }

    /**
     * The same cells as text lines of at most 80 columns: one table of what each fault did, then one
     * of the figures, each row under its label.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        String faults = "%-26s %-12s %-13s %-12s %-12s";
        String figures = "%-26s %9s %6s %9s %9s %7s";
        List<List<String>> cells = cells();
        cells.forEach(c -> lines.add(String.format(Locale.ROOT, faults, c.get(0), c.get(1), c.get(2), c.get(3),
                c.get(4))));
        lines.add("");
        cells.forEach(c -> lines.add(String.format(Locale.ROOT, figures, c.get(0), c.get(5), c.get(6), c.get(7),
                c.get(8), c.get(9))));
        return lines;
    }
}
