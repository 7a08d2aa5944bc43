package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/** When a scenario ends, every one of its rows is finished: nothing is stuck behind a lost lease. */
public final class EveryRowFinished implements Invariant {
    @Override
    public String name() {
        return "every-row-finished";
    }

    @Override
    public String description() {
        return "every row ends done or failed, including those a crashed or paused worker held";
    }

    @Override
    public InvariantResult check(History history) {
        List<LeaseAudit.FinalRow> rows = new LeaseAudit(history).finalRows();
        if (rows.isEmpty()) {
            return notExercised("no rows were recorded");
        }
        List<LeaseAudit.FinalRow> stuck = rows.stream()
                .filter(row -> !LeaseAudit.terminal(row.state())).toList();
        List<Evidence> evidence = new ArrayList<>(stuck.stream().limit(5)
                .map(row -> Evidence.of(row.rowKey() + " ended " + row.state() + " after " + row.attempts()
                        + " attempt(s): never finished"))
                .toList());
        if (stuck.size() > 5) {
            evidence.add(Evidence.of("… and " + (stuck.size() - 5) + " more rows never finished"));
        }
        return failIfAny(evidence);
    }
}
