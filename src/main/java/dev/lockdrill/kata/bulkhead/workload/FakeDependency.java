package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A downstream service as the bulkhead's work sees it: answers after a delay, fails at once, or
 * hangs until it recovers. Each call it serves is recorded on the dependency's side (entry and exit),
 * which is where concurrency is measured.
 */
final class FakeDependency {
    enum Mode { HEALTHY, FAILING, HANGING }

    private final String name;
    private final Recorder recorder;
    private final String scenario;
    private final long delayMillis;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile Mode mode = Mode.HEALTHY;
    private volatile CountDownLatch recovered = new CountDownLatch(0);

    FakeDependency(String name, Recorder recorder, String scenario, long delayMillis) {
        this.name = name;
        this.recorder = recorder;
        this.scenario = scenario;
        this.delayMillis = delayMillis;
    }

    String name() {
        return name;
    }

    void hang() {
        recovered = new CountDownLatch(1);
        mode = Mode.HANGING;
    }

    void fail() {
        mode = Mode.FAILING;
    }

    void recover() {
        mode = Mode.HEALTHY;
        recovered.countDown();
    }

    int inFlight() {
        return inFlight.get();
    }

    /** The work a client hands to the bulkhead for call {@code callId}. */
    String serve(long callId) throws Exception {
        Recorder.PendingOp op = recorder.invoke(scenario, name, BulkheadOp.WORK, new WorkArgs(name, callId).toMap());
        inFlight.incrementAndGet();
        try {
            Mode now = mode;
            if (now == Mode.FAILING) {
                throw new DependencyFailure(name + " answered 503");
            }
            if (now == Mode.HANGING) {
                recovered.await(10, TimeUnit.SECONDS);
            } else {
                Thread.sleep(delayMillis);
            }
            op.ok(new WorkResult(false).toMap());
            return name + "#" + callId;
        } catch (InterruptedException e) {
            op.ok(new WorkResult(true).toMap());
            throw e;
        } finally {
            op.ok(new WorkResult(false).toMap());
            inFlight.decrementAndGet();
        }
    }

    static final class DependencyFailure extends RuntimeException {
        DependencyFailure(String message) {
            super(message, null, false, false);
        }
    }
}
