package dev.lockdrill.kata.outboxrelay;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants;
import dev.lockdrill.kata.outboxrelay.check.OutboxMetrics;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload;

import java.util.List;

/** The outbox-relay kata: how its check plugs into the pipeline. */
public final class OutboxRelayKata extends DeclaredKata {
    public OutboxRelayKata() {
        super("outbox-relay", OutboxRelayWorkload.class, Needs.POSTGRES, Needs.POOLER);
    }

    /** An event committed after a later-numbered one: "ids above the last I saw" loses it, only committed rows are new. */
    @Override
    public String lessonScenario() {
        return Scenario.LATE_COMMIT.label();
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
                        .judgedBy("rolled-back-never-published", "committed-events-published",
                                "no-unexpected-errors")
                        .at("rolled-back", "late-commit"),
                Clause.of("C2", "every committed event is published, at least once", """
                        That includes a transaction that commits after events with higher ids were already
                        relayed (ids are taken at insert, rows become visible at commit: no id or time
                        watermark), and events the broker refused or timed out on. Published rows end marked
                        or deleted.""")
                        .judgedBy("committed-events-published", "published-events-marked")
                        .at("late-commit", "broker-outage", "broker-timeout", "killed-after-publish",
                                "crashed-before-publish"),
                Clause.of("C3", "nothing from a rolled-back transaction is published", """
                        Not even while a relay runs during that transaction.""")
                        .judgedBy("rolled-back-never-published")
                        .at("rolled-back"),
                Clause.of("C4", "a relay that dies releases its claims at once", """
                        Killed after the broker accepted a message (before it could mark it), or crashed while
                        a publish request was still on its way, it leaves every event it had claimed pending
                        for the next call of any relay — the same process or a fresh one — and nothing it
                        committed says "published" for an event the broker never got. A claim that outlives
                        the relay's session (a lease waiting to expire) does not meet this.""")
                        .judgedBy("committed-events-published", "published-events-marked", "no-unexpected-errors")
                        .at("killed-after-publish", "crashed-before-publish"),
                Clause.of("C5", "a broker error leaves the event pending, and ends the call", """
                        `BrokerUnavailableException` means not delivered; `BrokerTimeoutException` (unchecked)
                        means maybe delivered. Either way the event goes out again on a later call with the
                        same event id; the call throws or returns while the broker is still down — it does not
                        wait the outage out holding its rows.""")
                        .judgedBy("committed-events-published", "calls-end-during-outage", "no-unexpected-errors")
                        .at("broker-outage", "broker-timeout"),
                Clause.of("C6", "a duplicate needs a fault, and keeps its event id", """
                        An event is published again only after a fault hit the call that published it the time
                        before (a kill, a crash, a refused, lost or unacknowledged message), or by a call that
                        had lost its sessions before sending it (its claim went with them, which it cannot
                        know before its next round trip), and every publication carries the event id,
                        aggregate, seq (64-bit) and payload it was enqueued with.""")
                        .judgedBy("no-duplicates-without-fault", "duplicates-keep-event-id")
                        .at("killed-after-publish", "broker-timeout", "three-relays", "batch-limits"),
                Clause.of("C7", "relays exclude each other without waiting", """
                        Several relays (each its own instance, own pool, own threads) run at once: while one
                        holds events, no other publishes or marks them, and a relay stuck in a publish does
                        not stop the others from publishing other events.""")
                        .judgedBy("no-duplicates-without-fault", "relays-progress-concurrently",
                                "committed-events-published")
                        .at("three-relays", "crashed-before-publish", "slow-broker"),
                Clause.of("C8", "relayBatch(max) does what it was asked", """
                        It publishes at most `max` different events; at least one when committed events are
                        pending that no other relay holds (`max = 1` included); and returns how many events
                        the broker confirmed to it in that call.""")
                        .judgedBy("relay-batch-honours-max")
                        .at("batch-limits", "late-commit", "three-relays"),
                Clause.of("C9", "no order is promised beyond what consumers need", """
                        Each publication carries its aggregate id and seq, so consumers can restore
                        per-aggregate order (and deduplicate by event id). The relay itself does not promise
                        per-aggregate order: parallel `SKIP LOCKED` relays, and re-publishing after a fault,
                        may publish an aggregate's events out of seq order, and the check does not fail a
                        relay that does.""")
                        .judgedBy("duplicates-keep-event-id")
                        .at("three-relays", "slow-broker", "batch-limits"),
                Clause.of("C10", "no claim lives in a session", """
                        C1–C8 hold when your relays' `DataSource`s go through PgBouncer in transaction mode,
                        where each transaction may run on any server session: a session's identity
                        (`pg_backend_pid()`), its advisory locks and its `SET`s belong to whichever client's
                        transaction runs there next.""")
                        .judgedBy("holds-through-pooler")
                        .at("pooled-relays")
                        .note("`holds-through-pooler` is C1–C9's invariants over pooled-relays; it is not exercised, "
                                + "with the reason, when PgBouncer is not installed."));
    }
}
