package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.BrokerUnavailableException;
import dev.lockdrill.katas.api.outbox.OutboxEvent;

import java.util.Map;

/**
 * The broker as one relay sees it: every publish is recorded as an operation of that relay
 * (eventId, aggregateId, seq, payload), accepted unless the scenario's fault refuses it, and
 * slowed by the scenario's latency.
 */
final class FakeBroker implements Broker {
    private final Recorder recorder;
    private final String scenario;
    private final String relay;
    private final BrokerFault fault;
    private final long latencyNanos;

    FakeBroker(Recorder recorder, String scenario, String relay, BrokerFault fault, long latencyNanos) {
        this.recorder = recorder;
        this.scenario = scenario;
        this.relay = relay;
        this.fault = fault;
        this.latencyNanos = latencyNanos;
    }

    @Override
    public void publish(OutboxEvent event) throws BrokerUnavailableException {
        if (event == null) {
            throw new IllegalArgumentException("publish(null): the broker needs an event");
        }
        Recorder.PendingOp op = recorder.invoke(scenario, relay, OutboxOp.PUBLISH, OutboxRig.fields(event).toMap());
        if (fault.refuses(relay, event)) {
            op.fail("broker unavailable");
            throw new BrokerUnavailableException("broker unavailable (outage injected by the check)");
        }
        Pause.nanos(latencyNanos);
        fault.accepted(relay, event);
        op.answered(true, Map.of());
    }
}
