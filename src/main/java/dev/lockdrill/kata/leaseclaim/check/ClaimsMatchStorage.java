package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.List;

/**
 * claim() returns exactly the leases it stored: every returned (row, token) is a lease the
 * storage gave that worker, and every lease the storage gave a worker was returned to it (a lease
 * stored but not returned leaves its row stuck until it expires).
 */
public final class ClaimsMatchStorage implements Invariant {
    @Override
    public String name() {
        return "claims-match-storage";
    }

    @Override
    public String description() {
        return "claim() returns exactly the rows and tokens it leased in the table";
    }

    @Override
    public InvariantResult check(History history) {
        List<LeaseAudit.Change> stored = new LeaseAudit(history).changes().stream()
                .filter(LeaseAudit.Change::isClaim).toList();
        List<Op> claims = LeaseOps.claims(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Op claim : claims) {
            for (long[] pair : LeaseOps.claimed(claim)) {
                boolean found = stored.stream().anyMatch(c -> c.rowKey().equals(LeaseOps.rowKey(claim, pair[0]))
                        && c.newToken() == pair[1] && c.worker().equals(claim.worker()));
                if (!found) {
                    evidence.add(Evidence.of(claim.worker() + "'s claim() returned " + LeaseOps.rowKey(claim, pair[0])
                            + " with token " + pair[1] + ", but the table never gave it that lease", claim.id()));
                }
            }
        }
        for (LeaseAudit.Change change : stored) {
            boolean returned = claims.stream().filter(c -> c.worker().equals(change.worker())
                            && c.scenario().equals(change.scenario()))
                    .anyMatch(c -> c.outcome() == Outcome.INFO || LeaseOps.claimed(c).stream()
                            .anyMatch(p -> p[0] == change.id() && p[1] == change.newToken()));
            if (!returned) {
                evidence.add(Evidence.of("the table shows " + change.worker() + " leased " + change.rowKey()
                        + " (token " + change.newToken() + "), but its claim() never returned that row"));
            }
        }
        return failIfAny(evidence.size() > 6 ? evidence.subList(0, 6) : evidence);
    }
}
