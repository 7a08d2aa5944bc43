package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.providerfallbackladder.protocol.CallReply;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderOp;
import dev.lockdrill.kata.providerfallbackladder.protocol.ProviderCall;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.Provider;
import dev.lockdrill.katas.api.ladder.ProviderReply;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A provider the harness controls: up (answers 200 after its latency, or the job's 4xx when the
 * harness made the job a wrong request), hung (never answers: the call ends at the caller's
 * timeout), failing fast (503 after 50 ms) or slow (answers after {@code slowNanos}). Every call is
 * recorded by the provider itself, tied to the job by the id the harness assigned it, with the
 * timeout the caller gave and the virtual ticks it began and ended at.
 */
final class FakeProvider implements Provider {
    enum Mode { UP, HANG, FAIL_FAST, SLOW }

    static final long FAIL_FAST_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final LadderRig rig;
    private final String ladder;
    private final String name;
    private final int rung;
    private final VirtualTicker ticker;
    private final long latencyNanos;
    private volatile Mode mode = Mode.UP;
    private volatile long slowNanos = TimeUnit.SECONDS.toNanos(12);
    private volatile Hold hold;
    private volatile boolean holdsFirstCall;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger faulty = new AtomicInteger();
    private final AtomicInteger clientErrors = new AtomicInteger();
    private final AtomicLong firstFaultNanos = new AtomicLong(-1);
    private final AtomicLong lastFailureEnd = new AtomicLong(Long.MIN_VALUE);

    FakeProvider(LadderRig rig, String ladder, String name, int rung, VirtualTicker ticker, long latencyNanos) {
        this.rig = rig;
        this.ladder = ladder;
        this.name = name;
        this.rung = rung;
        this.ticker = ticker;
        this.latencyNanos = latencyNanos;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ProviderReply call(Job job, Duration timeout) {
        JobTicket ticket = rig.ticket(job == null ? null : job.id());
        Hold armed = hold;
        if (armed != null) {
            armed.awaitAllStarted();
        }
        long start = ticker.peek();
        long timeoutNanos = timeout == null ? 0 : timeout.toNanos();
        Recorder.PendingOp op = rig.recorder().invoke(rig.scenario(), ticket.worker(), LadderOp.CALL,
                new ProviderCall(ladder, ticket.job(), name, rung, timeoutNanos, start).toMap());
        calls.incrementAndGet();
        if (armed != null && holdsFirstCall) {
            armed.holdIfFirst();
        }
        Mode now = mode;
        long latency = switch (now) {
            case UP -> latencyNanos;
            case SLOW -> slowNanos;
            case FAIL_FAST -> FAIL_FAST_NANOS;
            case HANG -> Long.MAX_VALUE;
        };
        CallReply reply;
        if (latency > timeoutNanos) {
            long end = start + Math.max(0, timeoutNanos);
            ticker.advanceTo(end);
            reply = new CallReply(0, null, true, end);
        } else {
            long end = start + latency;
            ticker.advanceTo(end);
            int status = now == Mode.FAIL_FAST ? 503 : ticket.clientError() > 0 ? ticket.clientError() : 200;
            String body = status == 200 ? name + "'s answer to " + ticket.job() + " (call " + op.id() + ")"
                    : "HTTP " + status + " from " + name;
            reply = new CallReply(status, body, false, end);
        }
        if (now == Mode.HANG || now == Mode.FAIL_FAST) {
            faulty.incrementAndGet();
            firstFaultNanos.compareAndSet(-1, rig.recorder().now());
        }
        if (reply.clientError()) {
            clientErrors.incrementAndGet();
        }
        if (reply.providerFailed()) {
            lastFailureEnd.accumulateAndGet(reply.endTick(), Math::max);
        }
        op.ok(reply.toMap());
        return reply.timedOut() ? ProviderReply.timeout() : ProviderReply.answered(reply.status(), reply.body());
    }

    void mode(Mode next) {
        mode = next;
    }

    void slowNanos(long nanos) {
        slowNanos = nanos;
    }

    /** While {@code next} is set, calls wait until its jobs have all started; {@code probed}: the first is held too. */
    void hold(Hold next, boolean probed) {
        holdsFirstCall = probed;
        hold = next;
    }

    int calls() {
        return calls.get();
    }

    /** Calls that met the provider hung or failing fast. */
    int faultyCalls() {
        return faulty.get();
    }

    /** Calls the provider answered with a 4xx (the job's fault). */
    int clientErrors() {
        return clientErrors.get();
    }

    /** When (run time) a call first met the provider hung or failing, or now if none did. */
    long firstFaultNanos() {
        long first = firstFaultNanos.get();
        return first < 0 ? rig.recorder().now() : first;
    }

    /** The tick the latest failed call (5xx or timeout) ended at. */
    long lastFailureEnd() {
        return lastFailureEnd.get();
    }

    int rung() {
        return rung;
    }
}
