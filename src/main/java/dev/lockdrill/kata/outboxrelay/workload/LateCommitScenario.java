package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.kata.outboxrelay.protocol.Decision;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;

/**
 * Transactions commit out of id order: app-A enqueues first (so its row gets the lower id) but
 * commits only after app-B's later event has committed and been relayed. A relay that remembers
 * "the highest id I have seen" never looks back at A's row. The last round leaves a wide gap
 * (many later events relayed in several calls), so a watermark that looks back a few ids misses it too.
 */
final class LateCommitScenario implements OutboxScenario {
    /** How many later events commit, and are relayed, while the last slow transaction is open. */
    static final int WIDE_GAP = 25;

    @Override
    public String name() {
        return Scenario.LATE_COMMIT.label();
    }

    @Override
    public String summary() {
        return "a transaction that enqueued first commits after a later one was relayed";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        OutboxRelay relay = rig.relay("relay-1", BrokerFault.NONE, 0);
        int rounds = 2 + rig.random().nextInt(2);
        for (int round = 1; round <= rounds; round++) {
            OutboxEvent early = rig.event("invoice-" + round, 1);
            OutboxEvent late = rig.event("shipment-" + round, 1);
            long start = rig.recorder().now();
            OpenTx slow = rig.begin(early, Decision.COMMIT);
            rig.commit(late);
            rig.relayBatch("relay-1", relay, 10);
            slow.commit();
            rig.recorder().fault(OutboxFaults.LATE_COMMIT, rig.scenario(), "relay-1", start, "the transaction of event "
                    + early.eventId() + " (" + early.aggregateId() + ") enqueued first but committed only after "
                    + "event " + late.eventId() + " (" + late.aggregateId() + ") had committed and relay-1 had run");
        }
        OutboxEvent early = rig.event("invoice-wide", 1);
        long start = rig.recorder().now();
        OpenTx slow = rig.begin(early, Decision.COMMIT);
        List<OutboxEvent> later = new ArrayList<>();
        for (int i = 1; i <= WIDE_GAP; i++) {
            later.add(rig.event("shipment-wide-" + (i % 5), 1 + i / 5));
        }
        rig.commitAll(later);
        rig.drain("relay-1", relay, 10);
        slow.commit();
        rig.recorder().fault(OutboxFaults.LATE_COMMIT, rig.scenario(), "relay-1", start, "the transaction of event "
                + early.eventId() + " (" + early.aggregateId() + ") enqueued first but committed only after "
                + WIDE_GAP + " later events had committed and relay-1 had relayed them");
        rig.drain("relay-1", relay, 10);
    }
}
