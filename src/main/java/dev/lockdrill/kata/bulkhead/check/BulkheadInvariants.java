package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the bulkhead kata, in the order they are reported. */
public final class BulkheadInvariants {
    private BulkheadInvariants() {
    }

    public static final Invariant CONCURRENCY_WITHIN_LIMIT = new ConcurrencyWithinLimit();
    public static final Invariant ADMITS_UP_TO_LIMIT = new AdmitsUpToLimit();
    public static final Invariant OTHERS_UNAFFECTED_BY_HANG = new OthersUnaffectedByHang();
    public static final Invariant REJECTIONS_FAST_AND_TYPED = new RejectionsFastAndTyped();
    public static final Invariant CALL_RETURNS_AT_ONCE = new CallReturnsAtOnce();
    public static final Invariant FAILURES_THROUGH_THE_FUTURE = new FailuresThroughTheFuture();
    public static final Invariant VALUES_DELIVERED = new ValuesDelivered();
    public static final Invariant TIMEOUTS_END_CALLS = new TimeoutsEndCalls();
    public static final Invariant ABANDONED_WORK_INTERRUPTED = new AbandonedWorkInterrupted();
    public static final Invariant PERMITS_RETURNED = new PermitsReturned();
    public static final Invariant IDLE_DEPENDENCY_ADMITS = new IdleDependencyAdmits();
    public static final Invariant NO_UNEXPECTED_OUTCOMES = new NoUnexpectedOutcomes();

    public static List<Invariant> all() {
        return List.of(CONCURRENCY_WITHIN_LIMIT, ADMITS_UP_TO_LIMIT, OTHERS_UNAFFECTED_BY_HANG,
                REJECTIONS_FAST_AND_TYPED, CALL_RETURNS_AT_ONCE, FAILURES_THROUGH_THE_FUTURE, VALUES_DELIVERED,
                TIMEOUTS_END_CALLS, ABANDONED_WORK_INTERRUPTED, PERMITS_RETURNED, IDLE_DEPENDENCY_ADMITS,
                NO_UNEXPECTED_OUTCOMES);
    }
}
