package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeasesAsAsked;
import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;
import dev.lockdrill.check.ThroughPooler;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.leaseclaim.protocol.PooledScenarios;

import java.util.ArrayList;
import java.util.List;

/** Every invariant of the lease-claim kata, in the order they are reported. */
public final class LeaseClaimInvariants {
    private LeaseClaimInvariants() {
    }

    public static final Invariant LEASES_NEVER_OVERLAP = new LeasesNeverOverlap();
    public static final Invariant LEASES_AS_ASKED = new LeasesAsAsked(true);
    public static final Invariant ONLY_LEASE_HOLDER_WRITES = new OnlyLeaseHolderWrites();
    public static final Invariant CLAIMS_MATCH_STORAGE = new ClaimsMatchStorage();
    public static final Invariant COMPLETIONS_MATCH_STORAGE = new CompletionsMatchStorage();
    public static final Invariant CRASHED_CLAIMS_RECLAIMED = new CrashedClaimsReclaimed();
    public static final Invariant EVERY_ROW_FINISHED = new EveryRowFinished();
    public static final Invariant ATTEMPTS_COUNT_CLAIMS = new AttemptsCountClaims();
    public static final Invariant NO_UNEXPECTED_ERRORS = noUnexpectedErrors();
    private static final List<Invariant> DIRECT = List.of(LEASES_NEVER_OVERLAP, LEASES_AS_ASKED,
            ONLY_LEASE_HOLDER_WRITES, CLAIMS_MATCH_STORAGE, COMPLETIONS_MATCH_STORAGE, CRASHED_CLAIMS_RECLAIMED,
            EVERY_ROW_FINISHED, ATTEMPTS_COUNT_CLAIMS, NO_UNEXPECTED_ERRORS);

    /** The invariants above over the scenarios through PgBouncer, as one that says when they were not run. */
    public static final Invariant HOLDS_THROUGH_POOLER = new ThroughPooler(DIRECT, PooledScenarios.ALL);

    /** The kata's invariants over its direct scenarios, then {@link #HOLDS_THROUGH_POOLER}. */
    public static List<Invariant> all() {
        List<Invariant> all = new ArrayList<>();
        DIRECT.forEach(invariant -> all.add(ThroughPooler.outside(PooledScenarios.ALL, invariant)));
        all.add(HOLDS_THROUGH_POOLER);
        return List.copyOf(all);
    }

    /** Calls complete without errors, except those a kill hit and the first call begun after one. */
    static NoUnexpectedErrors noUnexpectedErrors() {
        String errors = "claim, complete and extend complete without errors";
        NoUnexpectedErrors.Excuse firstCallAfterKill = new NoUnexpectedErrors(errors, op -> true,
                LeaseClaimInvariants::describeCall).firstCallBegunAfter(Faults.KILL);
        return new NoUnexpectedErrors(errors, op -> true, LeaseClaimInvariants::describeCall,
                NoUnexpectedErrors.hitDuring(Faults.KILL), firstCallAfterKill);
    }

    private static String describeCall(Op op) {
        return op.worker() + " " + op.f() + " in " + op.scenario() + ": " + OpText.outcome(op);
    }
}
