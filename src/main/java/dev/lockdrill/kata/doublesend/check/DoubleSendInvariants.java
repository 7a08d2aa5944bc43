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

    public static final Invariant EXACTLY_ONE_EFFECT = new ExactlyOneEffect();
    public static final Invariant KEY_IS_PURE_FUNCTION = new KeyIsPureFunction();
    public static final Invariant NONE_LOST = new NoneLost();
    public static final Invariant MARKED_AFTER_DELIVERY = new MarkedAfterDelivery();
    public static final Invariant DUPLICATES_BOUNDED = new DuplicatesBounded();
    public static final Invariant DUPLICATES_SHARE_COLLAPSE_ID = new DuplicatesShareCollapseId();
    public static final Invariant LEASES_NEVER_OVERLAP = new LeasesNeverOverlap();
    public static final Invariant ONLY_LEASE_HOLDER_WRITES = new OnlyLeaseHolderWrites(false);
    public static final Invariant LEASES_AS_ASKED = new LeasesAsAsked(false);
    public static final Invariant NO_UNEXPECTED_ERRORS = new NoUnexpectedErrors(
            "drainOnce() does not throw unless its worker crashed", op -> op.is(SendOp.DRAIN),
            op -> op.worker() + "'s drainOnce() in " + op.scenario() + ": " + OpText.outcome(op),
            NoUnexpectedErrors.hitBefore(ProviderFault.CRASH_AFTER_SEND),
            NoUnexpectedErrors.hitBefore(ProviderFault.CRASH_DURING_SEND),
            NoUnexpectedErrors.hitDuring(Faults.KILL));

    public static List<Invariant> all() {
        return List.of(EXACTLY_ONE_EFFECT, KEY_IS_PURE_FUNCTION, NONE_LOST, MARKED_AFTER_DELIVERY, DUPLICATES_BOUNDED,
                DUPLICATES_SHARE_COLLAPSE_ID, LEASES_NEVER_OVERLAP, ONLY_LEASE_HOLDER_WRITES, LEASES_AS_ASKED,
                NO_UNEXPECTED_ERRORS);
    }
}
