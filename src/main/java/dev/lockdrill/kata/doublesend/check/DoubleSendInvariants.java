package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.lease.LeasesNeverOverlap;
import dev.lockdrill.check.lease.OnlyLeaseHolderWrites;

import java.util.List;

/** Every invariant of the double-send kata, in the order they are reported. */
public final class DoubleSendInvariants {
    private DoubleSendInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new ExactlyOneEffect(), new KeyIsPureFunction(), new NoneLost(), new MarkedAfterDelivery(),
                new DuplicatesBounded(), new DuplicatesShareCollapseId(), new LeasesNeverOverlap(),
                new OnlyLeaseHolderWrites(), new DrainErrors());
    }
}
