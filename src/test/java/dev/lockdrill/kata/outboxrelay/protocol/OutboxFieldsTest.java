package dev.lockdrill.kata.outboxrelay.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * outbox-relay's records are their own serialization: each comes back equal across the event
 * channel, with exactly the fields the hand-written maps wrote (written down here, so a renamed
 * component fails).
 */
class OutboxFieldsTest {
    private static final EventFields EVENT = new EventFields("e-1", "s/order-1", 3, "payload of e-1");

    @Test
    void eventFieldsRecordANullAsTheTextNull() {
        assertThat(Channel.across(EVENT.toMap())).isEqualTo(Map.of("eventId", "e-1", "aggregateId", "s/order-1",
                "seq", 3, "payload", "payload of e-1"));
        assertThat(EventFields.of(Channel.withArgs(OutboxOp.PUBLISH.label(), EVENT.toMap()))).isEqualTo(EVENT);
        EventFields blank = new EventFields(null, null, 0, null);
        assertThat(Channel.across(blank.toMap()))
                .isEqualTo(Map.of("eventId", "null", "aggregateId", "null", "seq", 0, "payload", "null"));
        assertThat(EventFields.of(Channel.withArgs(OutboxOp.PUBLISH.label(), blank.toMap())))
                .isEqualTo(new EventFields("null", "null", 0, "null"));
        assertThat(EventFields.of(Channel.withArgs(OutboxOp.PUBLISH.label(),
                Map.of("eventId", "e-2", "aggregateId", "a", "seq", "12", "payload", "p"))).seq()).isEqualTo(12);
    }

    @Test
    void businessTxCarriesTheEventsFieldsBesideItsDecision() {
        BusinessTx tx = new BusinessTx(EVENT, Decision.ROLLBACK);
        assertThat(Channel.across(tx.toMap())).isEqualTo(Map.of("eventId", "e-1", "aggregateId", "s/order-1",
                "seq", 3, "payload", "payload of e-1", "decision", "rollback"));
        Op op = new Op(1, "s", "w", OutboxOp.BUSINESS_TX.label(), Channel.across(tx.toMap()), 0, 1, Outcome.OK,
                Channel.across(BusinessTx.ended(false)), null);
        assertThat(BusinessTx.of(op)).isEqualTo(tx);
        assertThat(EventFields.of(op)).isEqualTo(EVENT);
        assertThat(op.result()).isEqualTo(Map.of("committed", false));
        assertThat(BusinessTx.committed(op)).isFalse();
        assertThat(BusinessTx.rolledBack(op)).isTrue();
        Op committed = new Op(1, "s", "w", OutboxOp.BUSINESS_TX.label(), Channel.across(tx.toMap()), 0, 1,
                Outcome.OK, Channel.across(BusinessTx.ended(true)), null);
        assertThat(BusinessTx.committed(committed)).isTrue();
        assertThat(BusinessTx.rolledBack(committed)).isFalse();
    }

    @Test
    void relayBatchLeavesOutAnUnknownPendingCount() {
        RelayBatch unknown = new RelayBatch(10);
        assertThat(Channel.across(unknown.toMap())).isEqualTo(Map.of("max", 10));
        assertThat(RelayBatch.of(Channel.withArgs(OutboxOp.RELAY_BATCH.label(), unknown.toMap()))).isEqualTo(unknown);
        RelayBatch known = new RelayBatch(10, 4);
        assertThat(Channel.across(known.toMap())).isEqualTo(Map.of("max", 10, "pending", 4));
        assertThat(RelayBatch.of(Channel.withArgs(OutboxOp.RELAY_BATCH.label(), known.toMap()))).isEqualTo(known);

        assertThat(Channel.across(RelayBatch.result(3))).isEqualTo(Map.of("published", 3));
        assertThat(RelayBatch.published(Channel.withResult(OutboxOp.RELAY_BATCH.label(), RelayBatch.result(3))))
                .contains(3);
        assertThat(RelayBatch.published(Channel.withResult(OutboxOp.RELAY_BATCH.label(), Map.of()))).isEmpty();
        Op failed = new Op(1, "s", "w", OutboxOp.RELAY_BATCH.label(), Map.of(), 0, 1, Outcome.FAIL, Map.of(), "x");
        assertThat(RelayBatch.published(failed)).isEqualTo(Optional.empty());
    }

    @Test
    void outboxRow() {
        OutboxRow row = new OutboxRow(5_000_000_000L, "e-1", "s/order-1", 3, true);
        assertThat(Channel.rowAcross(row.toMap())).isEqualTo(Map.of("id", 5_000_000_000L, "eventId", "e-1",
                "aggregateId", "s/order-1", "seq", 3, "marked", true));
        assertThat(OutboxRow.of(Channel.rowAcross(row.toMap()))).isEqualTo(row);
    }
}
