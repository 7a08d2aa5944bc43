package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.leaseclaim.protocol.ClaimCall;
import dev.lockdrill.kata.leaseclaim.protocol.Claimed;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseOp;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * claim() returns exactly the leases it stored: every returned (row, token) is a lease the
 * storage gave that worker, and every lease the storage gave a worker was returned to it (a lease
 * stored but not returned leaves its row stuck until it expires), and it never returns more rows
 * than the max it was given.
 */
public final class ClaimsMatchStorage implements Invariant {
    @Override
    public String name() {
        return "claims-match-storage";
    }

    @Override
    public String description() {
        return "claim() returns exactly the rows and tokens it leased in the table, at most max of them";
    }

    @Override
    public InvariantResult check(History history) {
        List<LeaseAudit.Change> stored = new LeaseAudit(history).changes().stream()
                .filter(LeaseAudit.Change::isClaim).toList();
        List<Op> claims = history.ops(LeaseOp.CLAIM);
        if (claims.isEmpty() && stored.isEmpty()) {
            return notExercised("no claim was made");
        }
        // each claim's result read once (through Fields), not once per stored change below
        Map<Op, List<Claimed.Lease>> returnedBy = new IdentityHashMap<>();
        claims.forEach(claim -> returnedBy.put(claim, Claimed.of(claim).leases()));
        List<Evidence> evidence = new ArrayList<>();
        for (Op claim : claims) {
            int max = ClaimCall.of(claim).max();
            if (claim.ok() && returnedBy.get(claim).size() > max) {
                evidence.add(Evidence.of(claim.worker() + "'s claim(max " + max + ") in " + claim.scenario()
                        + " returned " + returnedBy.get(claim).size() + " rows: more than it was allowed to lease",
                        claim.id()));
            }
            for (Claimed.Lease lease : returnedBy.get(claim)) {
                String row = claim.scenario() + "/" + lease.id();
                boolean found = stored.stream().anyMatch(c -> c.rowKey().equals(row)
                        && c.newToken() == lease.token() && c.worker().equals(claim.worker()));
                if (!found) {
                    evidence.add(Evidence.of(claim.worker() + "'s claim() returned " + row
                            + " with token " + lease.token() + ", but the table never gave it that lease", claim.id()));
                }
            }
        }
        for (LeaseAudit.Change change : stored) {
            boolean returned = claims.stream().filter(c -> c.worker().equals(change.worker())
                            && c.scenario().equals(change.scenario()))
                    .anyMatch(c -> c.outcome() == Outcome.INFO || returnedBy.get(c)
                            .contains(new Claimed.Lease(change.id(), change.newToken())));
            if (!returned) {
                evidence.add(Evidence.of("the table shows " + change.worker() + " leased " + change.rowKey()
                        + " (token " + change.newToken() + "), but its claim() never returned that row"));
            }
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }
}
