package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Both sides of a broker timeout, one event each: the first request for one event is lost on the
 * way (the broker never gets it), and the broker takes another event but its acknowledgement is
 * lost. Either way the relay sees a BrokerTimeoutException and cannot tell which: both events must
 * stay pending and go out (again) with their own event ids.
 */
final class BrokerTimeoutScenario implements OutboxScenario {
    @Override
    public String name() {
        return Scenario.BROKER_TIMEOUT.label();
    }

    @Override
    public String summary() {
        return "one publish request is lost on the way, another event's acknowledgement is lost";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        List<OutboxEvent> events = new ArrayList<>();
        int count = 8 + rig.random().nextInt(3);
        for (int i = 1; i <= count; i++) {
            events.add(rig.event("parcel-" + (1 + i % 3), i));
        }
        Timeouts timeouts = new Timeouts(rig, events.get(1), events.get(2));
        OutboxRelay relay = rig.relay("relay-1", timeouts, 0);
        rig.commitAll(events);
        rig.drain("relay-1", relay, 4);
    }

    /** Loses the first request for one event and the first acknowledgement for another. */
    private static final class Timeouts implements BrokerFault {
        private final OutboxRig rig;
        private final OutboxEvent loseRequest;
        private final OutboxEvent loseAck;
        private final AtomicBoolean requestLost = new AtomicBoolean();
        private final AtomicBoolean ackLost = new AtomicBoolean();

        private Timeouts(OutboxRig rig, OutboxEvent loseRequest, OutboxEvent loseAck) {
            this.rig = rig;
            this.loseRequest = loseRequest;
            this.loseAck = loseAck;
        }

        @Override
        public Delivery deliver(String relay, OutboxEvent event) {
            long now = rig.recorder().now();
            if (loseRequest.eventId().equals(event.eventId()) && requestLost.compareAndSet(false, true)) {
                rig.recorder().fault(OutboxFaults.REQUEST_LOST, rig.scenario(), relay, now, "the request publishing "
                        + "event " + event.eventId() + " was lost on the way: the broker never got it, " + relay
                        + " saw a timeout");
                return Delivery.LOSE_REQUEST;
            }
            if (loseAck.eventId().equals(event.eventId()) && ackLost.compareAndSet(false, true)) {
                rig.recorder().fault(OutboxFaults.ACK_LOST, rig.scenario(), relay, now, "the broker took event "
                        + event.eventId() + " but its acknowledgement was lost: " + relay + " saw a timeout");
                return Delivery.LOSE_ACK;
            }
            return Delivery.ACCEPT;
        }
    }
}
