package dev.lockdrill.check.lease;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Every lease a worker writes is the lease it was asked to take, in database time: it ends one
 * lease after "now" (anywhere between its transaction's start and the change itself, with a small
 * tolerance), so a correct claim whose transaction ran long on a loaded machine is not blamed. A lease written in the wrong unit, from a wrong clock, or added to the old
 * expiry is shorter or longer than asked, or already over when written; every invariant that
 * trusts the table's own expiry would let it pass.
 */
public final class LeasesAsAsked implements Invariant {
    static final long MIN_TOLERANCE_US = 20_000;
    static final int MAX_REPORTED = 6;
    private final boolean judgeExtends;

    /** @param judgeExtends whether an extend must also end one asked lease from now (else only claims are judged) */
    public LeasesAsAsked(boolean judgeExtends) {
        this.judgeExtends = judgeExtends;
    }

    @Override
    public String name() {
        return "leases-as-asked";
    }

    @Override
    public String description() {
        return judgeExtends ? "every claim and extend writes a lease ending one requested lease from now (database time)"
                : "every claim writes a lease ending one requested lease from now (database time)";
    }

    @Override
    public InvariantResult check(History history) {
        LeaseAudit audit = new LeaseAudit(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (LeaseAudit.Change change : audit.changes()) {
            if (!(change.isClaim() || judgeExtends && change.isExtend()) || change.newExpiryUs() == null) {
                continue;
            }
            OptionalLong asked = audit.askedUs(change.scenario(), change.worker());
            if (asked.isEmpty()) {
                continue;
            }
            judged++;
            long lease = asked.getAsLong();
            long tolerance = Math.max(MIN_TOLERANCE_US, lease / 20);
            long expiry = change.newExpiryUs();
            String what = change.worker() + (change.isClaim() ? " claimed " : " extended ") + change.rowKey()
                    + " (token " + change.newToken() + ") asking for a " + LeaseAudit.ms(lease) + " lease";
            if (expiry <= change.txUs()) {
                evidence.add(Evidence.of(what + ", but the lease it wrote was over before its transaction began ("
                        + LeaseAudit.ms(change.atUs() - expiry) + " in the past): anyone may take the row at once"));
            } else if (expiry < change.txUs() + lease - tolerance) {
                evidence.add(Evidence.of(what + ", but wrote one ending " + LeaseAudit.ms(expiry - change.atUs())
                        + " later: shorter than asked, so the row can be taken while its holder still works"));
            } else if (expiry > change.atUs() + lease + tolerance) {
                evidence.add(Evidence.of(what + ", but wrote one ending " + LeaseAudit.ms(expiry - change.atUs())
                        + " later: longer than asked, so the row stays stuck that long if its holder dies"));
            }
        }
        if (judged == 0) {
            return notExercised("no claim of a worker whose requested lease is known was recorded");
        }
        return failIfAny(Evidence.capped(evidence, MAX_REPORTED));
    }
}
