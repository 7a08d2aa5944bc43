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

    /**
     * The kata's invariants over its direct scenarios, then the same ones over the scenario through
     * PgBouncer, as one invariant (holds-through-pooler) that says when it was not run.
     */
    public static List<Invariant> all() {
        List<Invariant> direct = List.of(new CommittedEventsPublished(), new RolledBackNeverPublished(),
                new DuplicatesKeepEventId(), new NoDuplicatesWithoutFault(), new PublishedEventsMarked(),
                new RelaysProgressConcurrently(), new RelayBatchHonoursMax(), new CallsEndDuringOutage(),
                noUnexpectedErrors());
        List<Invariant> all = new ArrayList<>();
        direct.forEach(invariant -> all.add(ThroughPooler.outside(Scenario.POOLED, invariant)));
        all.add(new ThroughPooler(direct, Scenario.POOLED));
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
     * began (a pool may hand out a connection the kill closed while it sat idle). Calls already in
     * flight when it began are judged by {@link NoUnexpectedErrors#hitDuring}, so calls queued behind
     * a slow one do not use up the allowance.
     */
    static NoUnexpectedErrors.Excuse firstCallsInvokedAfter(FaultKind kind, int n, Predicate<Op> judged) {
        return (history, op) -> history.faults(op.scenario()).stream()
                .filter(f -> f.is(kind) && f.landed() && f.target().equals(op.worker()))
                .anyMatch(f -> history.ops(o -> judged.test(o) && o.scenario().equals(op.scenario())
                                && o.worker().equals(op.worker()) && o.invokeNanos() >= f.startNanos()).stream()
                        .sorted(Comparator.comparingLong(Op::invokeNanos)).limit(n)
                        .anyMatch(o -> o.id() == op.id()));
    }

    private static String describeError(Op op) {
        String what = op.is(OutboxOp.BUSINESS_TX) ? "business transaction of " + OutboxFacts.event(op) : "relayBatch";
        return op.worker() + "'s " + what + " at " + OpText.at(op.invokeNanos()) + " in " + op.scenario() + ": "
                + OpText.outcome(op);
    }
}
