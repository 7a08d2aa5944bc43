package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;
import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the lease-claim kata, in the order they are reported. */
public final class LeaseClaimInvariants {
    private LeaseClaimInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new LeasesNeverOverlap(), new OnlyLeaseHolderWrites(), new ClaimsMatchStorage(),
                new CompletionsMatchStorage(), new CrashedClaimsReclaimed(), new EveryRowFinished(),
                new AttemptsCountClaims(), new NoUnexpectedErrors());
    }
}
