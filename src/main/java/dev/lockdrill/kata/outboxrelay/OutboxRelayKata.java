package dev.lockdrill.kata.outboxrelay;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants;
import dev.lockdrill.kata.outboxrelay.check.OutboxMetrics;
import dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload;

import java.util.List;

import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.CALLS_END_DURING_OUTAGE;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.COMMITTED_EVENTS_PUBLISHED;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.DUPLICATES_KEEP_EVENT_ID;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.HOLDS_THROUGH_POOLER;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.NO_DUPLICATES_WITHOUT_FAULT;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.PUBLISHED_EVENTS_MARKED;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.RELAYS_PROGRESS_CONCURRENTLY;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.RELAY_BATCH_HONOURS_MAX;
import static dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants.ROLLED_BACK_NEVER_PUBLISHED;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.BATCH_LIMITS;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.BROKER_OUTAGE;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.BROKER_TIMEOUT;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.CRASHED_BEFORE_PUBLISH;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.KILLED_AFTER_PUBLISH;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.LATE_COMMIT;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.POOLED_RELAYS;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.ROLLED_BACK;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.SLOW_BROKER;
import static dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload.THREE_RELAYS;

/** The outbox-relay kata: how its check plugs into the pipeline. */
public final class OutboxRelayKata extends DeclaredKata {
    public OutboxRelayKata() {
        super("outbox-relay", OutboxRelayWorkload.class, OutboxRelayWorkload.SCENARIOS, Needs.POSTGRES, Needs.POOLER);
    }

    /** An event committed after a later-numbered one: "ids above the last I saw" loses it, only committed rows are new. */
    @Override
    public String lessonScenario() {
        return LATE_COMMIT.name();
    }

    @Override
    public List<Invariant> invariants() {
        return OutboxRelayInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new OutboxMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which relay publishes which events in three-relays' and slow-broker's concurrent drains",
                "slow-broker's throughput and latency figures");
    }

    /** The clauses of katas/outbox-relay/README.md ("Contract"), with what judges and exercises each. */
    @Override
    public Contract contract() {
        return Contract.of("""
                What your relay must honour; each clause names the invariants that judge it and the scenarios that
                exercise it.""",
                Clause.of("C1", "enqueue belongs to the business transaction", """
                        `enqueue` writes the event on the connection it is given, inside the caller's
                        transaction, and neither commits, rolls back, closes it nor talks to the broker: the
                        event exists if and only if that transaction commits.""")
                        .judgedBy(ROLLED_BACK_NEVER_PUBLISHED, COMMITTED_EVENTS_PUBLISHED,
                                NO_UNEXPECTED_ERRORS)
                        .at(ROLLED_BACK, LATE_COMMIT),
                Clause.of("C2", "every committed event is published, at least once", """
                        That includes a transaction that commits after events with higher ids were already
                        relayed (ids are taken at insert, rows become visible at commit: no id or time
                        watermark), and events the broker refused or timed out on. Published rows end marked
                        or deleted.""")
                        .judgedBy(COMMITTED_EVENTS_PUBLISHED, PUBLISHED_EVENTS_MARKED)
                        .at(LATE_COMMIT, BROKER_OUTAGE, BROKER_TIMEOUT, KILLED_AFTER_PUBLISH,
                                CRASHED_BEFORE_PUBLISH),
                Clause.of("C3", "nothing from a rolled-back transaction is published", """
                        Not even while a relay runs during that transaction.""")
                        .judgedBy(ROLLED_BACK_NEVER_PUBLISHED)
                        .at(ROLLED_BACK),
                Clause.of("C4", "a relay that dies releases its claims at once", """
                        Killed after the broker accepted a message (before it could mark it), or crashed while
                        a publish request was still on its way, it leaves every event it had claimed pending
                        for the next call of any relay — the same process or a fresh one — and nothing it
                        committed says "published" for an event the broker never got. A claim that outlives
                        the relay's session (a lease waiting to expire) does not meet this.""")
                        .judgedBy(COMMITTED_EVENTS_PUBLISHED, PUBLISHED_EVENTS_MARKED, NO_UNEXPECTED_ERRORS)
                        .at(KILLED_AFTER_PUBLISH, CRASHED_BEFORE_PUBLISH),
                Clause.of("C5", "a broker error leaves the event pending, and ends the call", """
                        `BrokerUnavailableException` means not delivered; `BrokerTimeoutException` (unchecked)
                        means maybe delivered. Either way the event goes out again on a later call with the
                        same event id; the call throws or returns while the broker is still down — it does not
                        wait the outage out holding its rows.""")
                        .judgedBy(COMMITTED_EVENTS_PUBLISHED, CALLS_END_DURING_OUTAGE, NO_UNEXPECTED_ERRORS)
                        .at(BROKER_OUTAGE, BROKER_TIMEOUT),
                Clause.of("C6", "a duplicate needs a fault, and keeps its event id", """
                        An event is published again only after a fault hit the call that published it the time
                        before (a kill, a crash, a refused, lost or unacknowledged message), or by a call that
                        had lost its sessions before sending it (its claim went with them, which it cannot
                        know before its next round trip), and every publication carries the event id,
                        aggregate, seq (64-bit) and payload it was enqueued with.""")
                        .judgedBy(NO_DUPLICATES_WITHOUT_FAULT, DUPLICATES_KEEP_EVENT_ID)
                        .at(KILLED_AFTER_PUBLISH, BROKER_TIMEOUT, THREE_RELAYS, BATCH_LIMITS),
                Clause.of("C7", "relays exclude each other without waiting", """
                        Several relays (each its own instance, own pool, own threads) run at once: while one
                        holds events, no other publishes or marks them, and a relay stuck in a publish does
                        not stop the others from publishing other events.""")
                        .judgedBy(NO_DUPLICATES_WITHOUT_FAULT, RELAYS_PROGRESS_CONCURRENTLY,
                                COMMITTED_EVENTS_PUBLISHED)
                        .at(THREE_RELAYS, CRASHED_BEFORE_PUBLISH, SLOW_BROKER),
                Clause.of("C8", "relayBatch(max) does what it was asked", """
                        It publishes at most `max` different events; at least one when committed events are
                        pending that no other relay holds (`max = 1` included); and returns how many events
                        the broker confirmed to it in that call.""")
                        .judgedBy(RELAY_BATCH_HONOURS_MAX)
                        .at(BATCH_LIMITS, LATE_COMMIT, THREE_RELAYS),
                Clause.of("C9", "no order is promised beyond what consumers need", """
                        Each publication carries its aggregate id and seq, so consumers can restore
                        per-aggregate order (and deduplicate by event id). The relay itself does not promise
                        per-aggregate order: parallel `SKIP LOCKED` relays, and re-publishing after a fault,
                        may publish an aggregate's events out of seq order, and the check does not fail a
                        relay that does.""")
                        .judgedBy(DUPLICATES_KEEP_EVENT_ID)
                        .at(THREE_RELAYS, SLOW_BROKER, BATCH_LIMITS),
                Clause.of("C10", "no claim lives in a session", """
                        C1–C8 hold when your relays' `DataSource`s go through PgBouncer in transaction mode,
                        where each transaction may run on any server session: a session's identity
                        (`pg_backend_pid()`), its advisory locks and its `SET`s belong to whichever client's
                        transaction runs there next.""")
                        .judgedBy(HOLDS_THROUGH_POOLER)
                        .at(POOLED_RELAYS)
                        .note("`holds-through-pooler` is C1–C9's invariants over pooled-relays; it is not exercised, "
                                + "with the reason, when PgBouncer is not installed."));
    }
}
