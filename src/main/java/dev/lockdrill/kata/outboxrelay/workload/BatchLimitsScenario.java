package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;

/**
 * One relay, no fault, and the edges of what it is given: relayBatch(1), a max equal to the number
 * of pending events exactly, a call with nothing pending, a max above what is pending (drawn per
 * seed); sequence numbers past 32 bits (and
 * Long.MAX_VALUE), and payloads that are empty, quoted or not ASCII. The harness reads the pending
 * count before each call, so each call can be judged against what it was asked.
 */
final class BatchLimitsScenario implements OutboxScenario {
    static final long[] SEQS = {1, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 1L << 32, (1L << 53) + 1,
            Long.MAX_VALUE - 1, Long.MAX_VALUE};
    static final String[] PAYLOADS = {"", "it's \"quoted\"; -- not SQL", "naïve café — 東京 🚚", "line one\nline two"};

    @Override
    public String name() {
        return Scenario.BATCH_LIMITS.label();
    }

    @Override
    public String summary() {
        return "relayBatch(1), a max equal to what is pending, nothing pending, a max above what is pending; seqs "
                + "past 32 bits, odd payloads";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        OutboxRelay relay = rig.relay("relay-1", BrokerFault.NONE, 0);
        List<OutboxEvent> first = new ArrayList<>();
        for (int i = 0; i < SEQS.length; i++) {
            OutboxEvent event = rig.event("meter-" + (i % 2), SEQS[i]);
            first.add(i < PAYLOADS.length ? new OutboxEvent(event.eventId(), event.aggregateId(), event.seq(),
                    PAYLOADS[i]) : event);
        }
        rig.commitAll(first);
        rig.quietRelayBatch("relay-1", relay, 1);
        rig.quietRelayBatch("relay-1", relay, 1);
        rig.quietRelayBatch("relay-1", relay, (int) Math.max(1, rig.pending()));
        rig.quietRelayBatch("relay-1", relay, 3);
        List<OutboxEvent> second = new ArrayList<>();
        int more = 3 + rig.random().nextInt(3);
        for (int i = 1; i <= more; i++) {
            second.add(rig.event("meter-" + (2 + i % 2), Long.MAX_VALUE - 100 + i));
        }
        rig.commitAll(second);
        rig.quietRelayBatch("relay-1", relay, more + 1 + rig.random().nextInt(4));
        rig.commitAll(List.of(rig.event("meter-9", 1), rig.event("meter-9", 2)));
        for (int call = 0; call < OutboxRig.DRAIN_CALLS && rig.pending() > 0; call++) {
            rig.quietRelayBatch("relay-1", relay, 1);
        }
    }
}
