package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.kata.outboxrelay.protocol.Decision;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

/**
 * Business transactions that roll back: their events must never reach the broker, not even when
 * a relay runs while the transaction is still open.
 */
final class RolledBackScenario implements OutboxScenario {
    @Override
    public String name() {
        return Scenario.ROLLED_BACK.label();
    }

    @Override
    public String summary() {
        return "some business transactions roll back after enqueueing, one while a relay runs";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        OutboxRelay relay = rig.relay("relay-1", BrokerFault.NONE, 0);
        int events = 5 + rig.random().nextInt(3);
        for (int i = 1; i <= events; i++) {
            OutboxEvent event = rig.event("cart-" + i, 1);
            boolean commit = i % 2 == 0 || rig.random().nextInt(4) == 0;
            OpenTx tx = rig.begin(event, commit ? Decision.COMMIT : Decision.ROLLBACK);
            if (commit) {
                tx.commit();
            } else {
                tx.rollback();
            }
        }
        OutboxEvent open = rig.event("refund", 1);
        OpenTx pending = rig.begin(open, Decision.ROLLBACK);
        rig.relayBatch("relay-1", relay, 10);
        pending.rollback();
        rig.drain("relay-1", relay, 10);
    }
}
