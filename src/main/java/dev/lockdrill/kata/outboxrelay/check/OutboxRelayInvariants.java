package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;
import dev.lockdrill.check.ThroughPooler;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/** Every invariant of the outbox-relay kata, in the order they are reported. */
public final class OutboxRelayInvariants {
    private OutboxRelayInvariants() {
    }

    public static final Invariant COMMITTED_EVENTS_PUBLISHED = new CommittedEventsPublished();
    public static final Invariant ROLLED_BACK_NEVER_PUBLISHED = new RolledBackNeverPublished();
    public static final Invariant DUPLICATES_KEEP_EVENT_ID = new DuplicatesKeepEventId();
    public static final Invariant NO_DUPLICATES_WITHOUT_FAULT = new NoDuplicatesWithoutFault();
    public static final Invariant PUBLISHED_EVENTS_MARKED = new PublishedEventsMarked();
    public static final Invariant RELAYS_PROGRESS_CONCURRENTLY = new RelaysProgressConcurrently();
    public static final Invariant RELAY_BATCH_HONOURS_MAX = new RelayBatchHonoursMax();
    public static final Invariant CALLS_END_DURING_OUTAGE = new CallsEndDuringOutage();
    public static final Invariant NO_UNEXPECTED_ERRORS = noUnexpectedErrors();
    private static final List<Invariant> DIRECT = List.of(COMMITTED_EVENTS_PUBLISHED, ROLLED_BACK_NEVER_PUBLISHED,
            DUPLICATES_KEEP_EVENT_ID, NO_DUPLICATES_WITHOUT_FAULT, PUBLISHED_EVENTS_MARKED,
            RELAYS_PROGRESS_CONCURRENTLY, RELAY_BATCH_HONOURS_MAX, CALLS_END_DURING_OUTAGE, NO_UNEXPECTED_ERRORS);

    /** The invariants above over the scenarios through PgBouncer, as one that says when they were not run. */
    public static final Invariant HOLDS_THROUGH_POOLER = new ThroughPooler(DIRECT, Scenario.POOLED);

    /** The kata's invariants over its direct scenarios, then {@link #HOLDS_THROUGH_POOLER}. */
    public static List<Invariant> all() {
        List<Invariant> all = new ArrayList<>();
        DIRECT.forEach(invariant -> all.add(ThroughPooler.outside(Scenario.POOLED, invariant)));
        all.add(HOLDS_THROUGH_POOLER);
        return List.copyOf(all);
    }

    /**
     * enqueue never fails a healthy business transaction, and relayBatch throws only when a fault
     * hit that call (a broker outage; a publish refused, lost or unacknowledged; a crash; its
     * sessions killed while it ran) or the relay's sessions were killed just before it.
     */
    static NoUnexpectedErrors noUnexpectedErrors() {
        String description = "enqueue and relayBatch complete without errors unless a fault hit them";
        Predicate<Op> judged = op -> op.is(OutboxOp.BUSINESS_TX) || op.is(OutboxOp.RELAY_BATCH);
        NoUnexpectedErrors.Excuse killedDuring = NoUnexpectedErrors.hitDuring(Faults.KILL);
        NoUnexpectedErrors.Excuse killedBefore = firstCallsInvokedAfter(Faults.KILL, 2, judged);
        NoUnexpectedErrors.Excuse outage = NoUnexpectedErrors.hitDuring(Faults.OUTAGE);
        NoUnexpectedErrors.Excuse crashed = NoUnexpectedErrors.hitDuring(Faults.CRASH);
        return new NoUnexpectedErrors(description, judged, OutboxRelayInvariants::describeError,
                (history, op) -> op.is(OutboxOp.RELAY_BATCH) && (outage.covers(history, op) || crashed.covers(history, op)
                        || killedDuring.covers(history, op)
                        || killedBefore.covers(history, op) || OutboxFacts.unconfirmedDuring(history, op)));
    }

    /**
     * The first {@code n} judged calls of the op's worker invoked after a landed fault of this kind
     * ended (a pool may hand out a connection the kill closed while it sat idle). Calls invoked while
     * it ran overlap it and are judged by {@link NoUnexpectedErrors#hitDuring}, so neither calls queued
     * behind a slow one nor calls that ran while a slow kill had not yet reached the idle connection
     * (on a busy machine, {@code pg_terminate_backend} and its wait took 74 ms, and four calls ran in
     * that time) use up the allowance.
     */
    static NoUnexpectedErrors.Excuse firstCallsInvokedAfter(FaultKind kind, int n, Predicate<Op> judged) {
        return (history, op) -> history.faults(op.scenario()).stream()
                .filter(f -> f.is(kind) && f.landed() && f.target().equals(op.worker()))
                .anyMatch(f -> history.ops(o -> judged.test(o) && o.scenario().equals(op.scenario())
                                && o.worker().equals(op.worker()) && o.invokeNanos() >= f.endNanos()).stream()
                        .sorted(Comparator.comparingLong(Op::invokeNanos)).limit(n)
                        .anyMatch(o -> o.id() == op.id()));
    }

    private static String describeError(Op op) {
        String what = op.is(OutboxOp.BUSINESS_TX) ? "business transaction of " + OutboxFacts.event(op) : "relayBatch";
        return op.worker() + "'s " + what + " at " + OpText.at(op.invokeNanos()) + " in " + op.scenario() + ": "
                + OpText.outcome(op);
    }
}
