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

    /**
     * The kata's invariants over its direct scenarios, then the same ones over the scenario through
     * PgBouncer, as one invariant (holds-through-pooler) that says when it was not run.
     */
    public static List<Invariant> all() {
        String errors = "claim, complete and extend complete without errors";
        NoUnexpectedErrors.Excuse firstCallAfterKill = new NoUnexpectedErrors(errors, op -> true,
                LeaseClaimInvariants::describeCall).firstCallBegunAfter(Faults.KILL);
        List<Invariant> direct = List.of(new LeasesNeverOverlap(), new LeasesAsAsked(true),
                new OnlyLeaseHolderWrites(), new ClaimsMatchStorage(), new CompletionsMatchStorage(),
                new CrashedClaimsReclaimed(), new EveryRowFinished(), new AttemptsCountClaims(),
                new NoUnexpectedErrors(errors, op -> true, LeaseClaimInvariants::describeCall,
                        NoUnexpectedErrors.hitDuring(Faults.KILL), firstCallAfterKill));
        List<Invariant> all = new ArrayList<>();
        direct.forEach(invariant -> all.add(ThroughPooler.outside(PooledScenarios.ALL, invariant)));
        all.add(new ThroughPooler(direct, PooledScenarios.ALL));
        return List.copyOf(all);
    }

    private static String describeCall(Op op) {
        return op.worker() + " " + op.f() + " in " + op.scenario() + ": " + OpText.outcome(op);
    }
}
