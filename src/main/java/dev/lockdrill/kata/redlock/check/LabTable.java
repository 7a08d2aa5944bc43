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

/** The db-vs-redlock lab's table, computed from its history: one row per lock service and fence setting. */
public record LabTable(List<Row> rows) {

    /** One service with or without its fence: what each fault did, and the figures. */
    public record Row(String service, boolean fenced, Map<String, String> faults, int exclusionViolations,
                      int staleAccepted, double p50Millis, double p99Millis, double acquisitionsPerSecond) {
    }

    public static LabTable of(History history) {
        List<Row> rows = new ArrayList<>();
        for (String service : LabNames.SERVICES) {
            List<Op> acquires = history.ops(op -> op.is(RedlockOp.ACQUIRE) && op.ok()
                    && op.scenario().equals(service + "/" + LabNames.CONTENTION));
            List<Op> contention = history.ops(op -> op.scenario().equals(service + "/" + LabNames.CONTENTION));
            List<Op> grants = acquires.stream().filter(op -> op.accepted().orElse(false)).toList();
            double p50 = Latency.percentileMillis(acquires, 50);
            double p99 = Latency.percentileMillis(acquires, 99);
            double rate = Latency.perSecond(grants, contention);
            for (boolean fenced : new boolean[]{true, false}) {
                Map<String, String> outcomes = new LinkedHashMap<>();
                int violations = 0;
                int stale = 0;
                for (String fault : LabNames.FAULTS) {
                    String scenario = service + "/" + fault;
                    RedlockOp write = fenced ? RedlockOp.WRITE : RedlockOp.UNFENCED_WRITE;
                    List<Op> writes = history.ops(op -> op.is(write) && op.scenario().equals(scenario) && op.ok());
                    boolean twoHolders = history.ops(op -> op.is(RedlockOp.ACQUIRE) && op.scenario().equals(scenario)
                            && op.worker().equals("w-b") && op.ok() && op.accepted().orElse(false)).size() == 1;
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
                    outcomes.put(fault, !twoHolders ? "w-b refused: one holder"
                            : "2 holders, stale " + (staleAccepted ? "ACCEPTED" : "refused"));
                }
                rows.add(new Row(service, fenced, outcomes, violations, stale, p50, p99, rate));
            }
        }
        return new LabTable(rows);
    }

    /** The table as text lines, one row per service and fence setting. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        String format = "%-16s %-9s %-26s %-26s %-26s %9s %6s %8s %8s %8s";
        lines.add(String.format(Locale.ROOT, format, "lock service", "fence", LabNames.PAUSED, LabNames.CLOCK,
                LabNames.LOST, "exclusion", "stale", "p50", "p99", "acq/s"));
        for (Row row : rows) {
            lines.add(String.format(Locale.ROOT, format, row.service(), row.fenced() ? "token" : "none",
                    row.faults().get(LabNames.PAUSED), row.faults().get(LabNames.CLOCK), row.faults().get(LabNames.LOST),
                    row.exclusionViolations(), row.staleAccepted(), String.format(Locale.ROOT, "%.1fms", row.p50Millis()),
                    String.format(Locale.ROOT, "%.1fms", row.p99Millis()),
                    String.format(Locale.ROOT, "%.0f", row.acquisitionsPerSecond())));
        }
        return lines;
    }
}
