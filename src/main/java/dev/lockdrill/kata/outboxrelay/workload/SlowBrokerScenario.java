package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A slow broker (a few milliseconds per message) and three relays draining one outbox at once.
 * With SKIP LOCKED the relays publish in parallel; a relay that waits for the others' row locks
 * publishes one batch at a time. This scenario is the timed one (events/s, concurrent publishes).
 */
final class SlowBrokerScenario implements OutboxScenario {
    static final int EVENTS = 60;
    static final int RELAYS = 3;
    static final int BATCH = 5;
    static final long LATENCY_NANOS = 3_000_000;

    @Override
    public String name() {
        return Scenario.SLOW_BROKER.label();
    }

    @Override
    public String summary() {
        return RELAYS + " relays drain " + EVENTS + " events through a broker taking "
                + LATENCY_NANOS / 1_000_000 + " ms per message";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        OutboxRelay[] relays = new OutboxRelay[RELAYS];
        for (int r = 0; r < RELAYS; r++) {
            relays[r] = rig.relay("relay-" + (r + 1), BrokerFault.NONE, LATENCY_NANOS);
        }
        List<OutboxEvent> events = new ArrayList<>();
        for (int i = 1; i <= EVENTS; i++) {
            events.add(rig.event("stock-" + (1 + rig.random().nextInt(10)), i));
        }
        rig.commitAll(events);
        CountDownLatch start = new CountDownLatch(1);
        long begin = rig.recorder().now();
        try (Workers workers = new Workers()) {
            for (int r = 0; r < RELAYS; r++) {
                String name = "relay-" + (r + 1);
                OutboxRelay relay = relays[r];
                workers.start(name, () -> {
                    start.await();
                    rig.drain(name, relay, BATCH);
                });
            }
            start.countDown();
            workers.awaitAll();
        }
        rig.recorder().fault(OutboxFaults.SLOW_BROKER, rig.scenario(), "all", begin, "the broker took "
                + LATENCY_NANOS / 1_000_000 + " ms to accept each message");
    }
}
