package dev.lockdrill.check.lease;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The leases of one row, replayed from its audit changes in storage order: who held which token,
 * from when, and until when (the latest expiry written under that token).
 */
public final class LeaseTimeline {
    private final List<Held> leases = new ArrayList<>();
    private final List<Step> steps = new ArrayList<>();

    public LeaseTimeline(List<LeaseAudit.Change> changes) {
        Held current = null;
        boolean finished = false;
        for (LeaseAudit.Change change : changes) {
            steps.add(new Step(change, current, finished));
            if (change.isClaim()) {
                current = new Held(change, change.newExpiryUs() == null ? Long.MIN_VALUE : change.newExpiryUs());
                leases.add(current);
            } else if (current != null && change.newExpiryUs() != null && !LeaseAudit.terminal(change.newState())) {
                current = current.extendedTo(change.newExpiryUs());
                leases.set(leases.size() - 1, current);
            }
            finished = finished || LeaseAudit.terminal(change.newState());
        }
    }

    /** Every change with the lease that was current just before it and whether the row was already finished. */
    public List<Step> steps() {
        return steps;
    }

    public List<Held> leases() {
        return leases;
    }

    public Optional<Held> leaseOf(long token) {
        return leases.stream().filter(l -> l.claim().newToken() == token).findFirst();
    }

    /** A lease: the claim that started it and its expiry in database time (µs), as last written. */
    public record Held(LeaseAudit.Change claim, long expiryUs) {
        Held extendedTo(long expiry) {
            return new Held(claim, expiry);
        }

        public long token() {
            return claim.newToken();
        }

        public String worker() {
            return claim.worker();
        }
    }

    /** One change and the state of the row's lease just before it. */
    public record Step(LeaseAudit.Change change, Held before, boolean finishedBefore) {
    }
}
