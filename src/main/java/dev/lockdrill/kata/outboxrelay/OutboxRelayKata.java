package dev.lockdrill.kata.outboxrelay;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.outboxrelay.check.OutboxRelayInvariants;
import dev.lockdrill.kata.outboxrelay.check.OutboxMetrics;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.kata.outboxrelay.workload.OutboxRelayWorkload;

import java.util.Arrays;
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
    public List<Clause> contract() {
        return List.of(
                clause("C1", "enqueue writes the event inside the caller's business transaction and neither commits, "
                                + "rolls back, closes it nor talks to the broker",
                        List.of("rolled-back-never-published", "committed-events-published", "no-unexpected-errors"),
                        Scenario.ROLLED_BACK, Scenario.LATE_COMMIT),
                clause("C2", "every committed event is published at least once, a late commit below already relayed "
                                + "ids included, and published rows end marked or deleted",
                        List.of("committed-events-published", "published-events-marked"),
                        Scenario.LATE_COMMIT, Scenario.BROKER_OUTAGE, Scenario.BROKER_TIMEOUT,
                        Scenario.KILLED_AFTER_PUBLISH, Scenario.CRASHED_BEFORE_PUBLISH),
                clause("C3", "nothing from a rolled-back transaction is published, not even while a relay runs during it",
                        List.of("rolled-back-never-published"), Scenario.ROLLED_BACK),
                clause("C4", "a relay killed after the broker accepted, or crashed before its request arrived, leaves "
                                + "its claimed events pending for the next call of any relay",
                        List.of("committed-events-published", "published-events-marked", "no-unexpected-errors"),
                        Scenario.KILLED_AFTER_PUBLISH, Scenario.CRASHED_BEFORE_PUBLISH),
                clause("C5", "a refused or timed-out publish leaves the event pending, and the call ends while the "
                                + "broker is still down",
                        List.of("committed-events-published", "calls-end-during-outage", "no-unexpected-errors"),
                        Scenario.BROKER_OUTAGE, Scenario.BROKER_TIMEOUT),
                clause("C6", "an event is published again only after a fault hit the call that published it before "
                                + "(or the call publishing it again had lost its sessions), and always with the id, aggregate, seq and payload it was enqueued with",
                        List.of("no-duplicates-without-fault", "duplicates-keep-event-id"),
                        Scenario.KILLED_AFTER_PUBLISH, Scenario.BROKER_TIMEOUT, Scenario.THREE_RELAYS,
                        Scenario.BATCH_LIMITS),
                clause("C7", "concurrent relays neither publish nor mark events another relay holds, and a relay "
                                + "stuck mid-publish does not stop the others",
                        List.of("no-duplicates-without-fault", "relays-progress-concurrently",
                                "committed-events-published"),
                        Scenario.THREE_RELAYS, Scenario.CRASHED_BEFORE_PUBLISH, Scenario.SLOW_BROKER),
                clause("C8", "relayBatch(max) publishes at most max events, at least one when events are pending "
                                + "(max = 1 included), and returns how many the broker confirmed",
                        List.of("relay-batch-honours-max"), Scenario.BATCH_LIMITS, Scenario.LATE_COMMIT,
                        Scenario.THREE_RELAYS),
                clause("C9", "publications carry aggregate id and seq so consumers can restore per-aggregate order; "
                                + "the relay itself does not promise that order (parallel relays and retries may reorder)",
                        List.of("duplicates-keep-event-id"), Scenario.THREE_RELAYS, Scenario.SLOW_BROKER,
                        Scenario.BATCH_LIMITS),
                clause("C10", "no claim lives in a session: C1-C8 hold with the relays' DataSources going through "
                                + "PgBouncer in transaction mode", List.of("holds-through-pooler"),
                        Scenario.POOLED_RELAYS));
    }

    private static Clause clause(String id, String text, List<String> invariants, Scenario... scenarios) {
        return new Clause(id, text, invariants, Arrays.stream(scenarios).map(Scenario::label).toList());
    }
}
