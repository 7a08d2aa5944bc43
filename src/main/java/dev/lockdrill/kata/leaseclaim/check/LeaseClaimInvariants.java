package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeasesAsAsked;
import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;

import java.util.List;

/** Every invariant of the lease-claim kata, in the order they are reported. */
public final class LeaseClaimInvariants {
    private LeaseClaimInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new LeasesNeverOverlap(), new LeasesAsAsked(true), new OnlyLeaseHolderWrites(), new ClaimsMatchStorage(),
                new CompletionsMatchStorage(), new CrashedClaimsReclaimed(), new EveryRowFinished(),
                new AttemptsCountClaims(), new NoUnexpectedErrors(
                "claim, complete and extend complete without errors", op -> true,
                op -> op.worker() + " " + op.f() + " in " + op.scenario() + ": " + OpText.outcome(op)));
    }
}
