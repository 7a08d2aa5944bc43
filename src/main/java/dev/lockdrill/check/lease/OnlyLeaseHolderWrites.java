package dev.lockdrill.check.lease;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Apart from claiming, a row is changed (completed, extended, rescheduled) only by the worker
 * holding its current lease, under that lease's token; a finished row is not changed again.
 */
public final class OnlyLeaseHolderWrites implements Invariant {
    private final boolean leaseRequired;

    /** A row may be changed only under a lease (the lease-claim queue: complete and extend take a claim). */
    public OnlyLeaseHolderWrites() {
        this(true);
    }

    /**
     * @param leaseRequired whether a change with no lease ever taken on the row is a violation; false where a
     *                      design may hold the row lock instead of a lease (nobody's lease can be overwritten then)
     */
    public OnlyLeaseHolderWrites(boolean leaseRequired) {
        this.leaseRequired = leaseRequired;
    }
    @Override
    public String name() {
        return "only-lease-holder-writes";
    }

    @Override
    public String description() {
        return "only the worker holding the current lease token completes or extends a row";
    }

    @Override
    public InvariantResult check(History history) {
        LeaseAudit audit = new LeaseAudit(history);
        if (audit.changes().stream().allMatch(LeaseAudit.Change::isClaim)) {
            return notExercised("no row was ever completed, extended or changed");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<LeaseAudit.Change>> row : audit.byRow().entrySet()) {
            for (LeaseTimeline.Step step : new LeaseTimeline(row.getValue()).steps()) {
                LeaseAudit.Change change = step.change();
                if (change.isClaim()) {
                    continue;
                }
                String what = change.worker() + " " + verb(change) + " " + change.rowKey();
                LeaseTimeline.Held holder = step.before();
                if (step.finishedBefore()) {
                    evidence.add(Evidence.of(what + " after it had already been finished (" + change.oldState()
                            + " → " + change.newState() + ")"));
                } else if (holder == null && leaseRequired) {
                    evidence.add(Evidence.of(what + " without anyone holding a lease on it"));
                } else if (holder != null && !holder.worker().equals(change.worker())) {
                    evidence.add(Evidence.of(what + " while the lease belonged to " + holder.worker() + " (token "
                            + holder.token() + "): a stale worker overwrote the current holder's row"));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }

    private static String verb(LeaseAudit.Change change) {
        if (change.isFinish()) {
            return "marked " + change.newState();
        }
        return change.isExtend() ? "extended the lease of" : "changed";
    }
}
