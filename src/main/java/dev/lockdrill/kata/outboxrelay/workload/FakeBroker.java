package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxOp;
import dev.lockdrill.kata.outboxrelay.protocol.Publish;
import dev.lockdrill.katas.api.outbox.Broker;
import dev.lockdrill.katas.api.outbox.BrokerTimeoutException;
import dev.lockdrill.katas.api.outbox.BrokerUnavailableException;
import dev.lockdrill.katas.api.outbox.OutboxEvent;

/**
 * The broker as one relay sees it: every publish is recorded as an operation of that relay
 * (eventId, aggregateId, seq, payload), accepted unless the scenario's fault decides otherwise
 * (refused, request lost, acknowledgement lost, relay crashed), and slowed by the scenario's latency.
 */
final class FakeBroker implements Broker {
    static final long TIMEOUT_NANOS = 5_000_000;

    private final Recorder recorder;
    private final String scenario;
    private final String relay;
    private final BrokerFault fault;
    private final long latencyNanos;
    private volatile boolean crashed;

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
        if (crashed) {
            throw new RelayCrashed(relay);
        }
        Recorder.PendingOp op = recorder.invoke(scenario, relay, OutboxOp.PUBLISH, OutboxRig.fields(event).toMap());
        switch (fault.deliver(relay, event)) {
            case REFUSE:
                op.fail("broker unavailable");
                throw new BrokerUnavailableException("broker unavailable (outage injected by the check)");
            case LOSE_REQUEST:
                Pause.nanos(TIMEOUT_NANOS);
                op.fail("timed out: the request never reached the broker");
                throw new BrokerTimeoutException("no acknowledgement within " + TIMEOUT_NANOS / 1_000_000 + " ms");
            case CRASH:
                crashed = true;
                op.fail(relay + " crashed before the request left it");
                throw new RelayCrashed(relay);
            case LOSE_ACK:
                Pause.nanos(latencyNanos);
                fault.accepted(relay, event);
                op.answered(true, Publish.unacknowledged());
                Pause.nanos(TIMEOUT_NANOS);
                throw new BrokerTimeoutException("no acknowledgement within " + TIMEOUT_NANOS / 1_000_000 + " ms");
            case ACCEPT:
            default:
                Pause.nanos(latencyNanos);
                fault.accepted(relay, event);
                op.answered(true, Publish.acknowledged());
        }
    }
}
