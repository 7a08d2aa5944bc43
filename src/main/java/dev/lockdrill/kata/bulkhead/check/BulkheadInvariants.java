package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the bulkhead kata, in the order they are reported. */
public final class BulkheadInvariants {
    private BulkheadInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new ConcurrencyWithinLimit(), new AdmitsUpToLimit(), new OthersUnaffectedByHang(),
                new RejectionsFastAndTyped(), new CallReturnsAtOnce(), new FailuresThroughTheFuture(),
                new ValuesDelivered(), new TimeoutsEndCalls(), new AbandonedWorkInterrupted(), new PermitsReturned(),
                new IdleDependencyAdmits(), new NoUnexpectedOutcomes());
    }
}
