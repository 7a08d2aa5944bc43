package dev.lockdrill.check.lease;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * In database time, a row is claimed only when nobody's lease on it is live and it is not
 * finished: leases on one row never overlap, and a finished row is never handed out again.
 */
public final class LeasesNeverOverlap implements Invariant {
    @Override
    public String name() {
        return "leases-never-overlap";
    }

    @Override
    public String description() {
        return "a row is claimed only after the previous lease expired (database time), never once finished";
    }

    @Override
    public InvariantResult check(History history) {
        LeaseAudit audit = new LeaseAudit(history);
        if (audit.changes().stream().noneMatch(LeaseAudit.Change::isClaim)) {
            return notExercised("no row was ever claimed");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<LeaseAudit.Change>> row : audit.byRow().entrySet()) {
            for (LeaseTimeline.Step step : new LeaseTimeline(row.getValue()).steps()) {
                LeaseAudit.Change claim = step.change();
                if (!claim.isClaim()) {
                    continue;
                }
                LeaseTimeline.Held before = step.before();
                String who = claim.worker() + " claimed " + claim.rowKey() + " (token " + claim.newToken() + ")";
                if (step.finishedBefore()) {
                    evidence.add(Evidence.inScenario(claim.scenario(), who + " although it was already finished ("
                            + claim.oldState() + ")"));
                } else if (before != null && claim.atUs() < before.expiryUs()) {
                    evidence.add(Evidence.inScenario(claim.scenario(), who + " while " + before.worker()
                            + "'s lease (token " + before.token()
                            + ") still had " + LeaseAudit.ms(before.expiryUs() - claim.atUs())
                            + " to run in database time: two workers held the row at once"));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }
}
