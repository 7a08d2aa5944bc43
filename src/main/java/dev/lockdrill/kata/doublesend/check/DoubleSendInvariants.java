package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;
import dev.lockdrill.check.lease.LeasesAsAsked;
import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.kata.doublesend.protocol.SendOp;

import java.util.List;

/** Every invariant of the double-send kata, in the order they are reported. */
public final class DoubleSendInvariants {
    private DoubleSendInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new ExactlyOneEffect(), new KeyIsPureFunction(), new NoneLost(), new MarkedAfterDelivery(),
                new DuplicatesBounded(), new DuplicatesShareCollapseId(), new LeasesNeverOverlap(),
                new OnlyLeaseHolderWrites(false), new LeasesAsAsked(false), new NoUnexpectedErrors(
                "drainOnce() does not throw unless its worker crashed", op -> op.is(SendOp.DRAIN),
                op -> op.worker() + "'s drainOnce() in " + op.scenario() + ": " + OpText.outcome(op),
                NoUnexpectedErrors.hitBefore(ProviderFault.CRASH_AFTER_SEND),
                NoUnexpectedErrors.hitBefore(ProviderFault.CRASH_DURING_SEND),
                NoUnexpectedErrors.hitDuring(Faults.KILL)));
    }
}
