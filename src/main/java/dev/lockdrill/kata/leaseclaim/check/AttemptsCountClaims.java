package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Each claim adds exactly one attempt, and nothing else does: a row's attempts equal its claims. */
public final class AttemptsCountClaims implements Invariant {
    @Override
    public String name() {
        return "attempts-count-claims";
    }

    @Override
    public String description() {
        return "attempts goes up by one with every claim and only then";
    }

    @Override
    public InvariantResult check(History history) {
        LeaseAudit audit = new LeaseAudit(history);
        if (audit.finalRows().isEmpty()) {
            return notExercised("no rows were recorded");
        }
        Map<String, List<LeaseAudit.Change>> rows = audit.byRow();
        List<Evidence> evidence = new ArrayList<>();
        for (LeaseAudit.FinalRow row : audit.finalRows()) {
            List<LeaseAudit.Change> changes = rows.getOrDefault(row.rowKey(), List.of());
            long claims = changes.stream().filter(LeaseAudit.Change::isClaim).count();
            if (row.attempts() != claims) {
                evidence.add(Evidence.of(row.rowKey() + " ended with attempts = " + row.attempts() + " but was claimed "
                        + Text.count(claims, "time")));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
