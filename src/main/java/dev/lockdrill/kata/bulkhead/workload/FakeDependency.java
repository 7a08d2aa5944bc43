package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.StallWatch;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A downstream service as the bulkhead's work sees it: answers after a delay, fails at once (a
 * checked and an unchecked exception in turn, each remembered by call id), or
 * hangs until it recovers (then only an interrupt ends a call early). Each call it serves is
 * recorded on the dependency's side (entry and exit), which is where concurrency is measured.
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
    private final AtomicInteger failures = new AtomicInteger();
    private final Map<Long, Exception> thrown = new ConcurrentHashMap<>();

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

    /**
     * Fails every call from now on, with a checked exception ({@link DependencyUnavailable}, an
     * IOException) and an unchecked one ({@link DependencyFailure}) in turn, {@code checkedFirst} or not.
     */
    void fail(boolean checkedFirst) {
        failures.set(checkedFirst ? 0 : 1);
        mode = Mode.FAILING;
    }

    /** The exception this dependency threw for call {@code callId}, if it threw one. */
    Exception thrown(long callId) {
        return thrown.get(callId);
    }

    void recover() {
        mode = Mode.HEALTHY;
        recovered.countDown();
    }

    int inFlight() {
        return inFlight.get();
    }

    /** Waits until no work is inside, or the deadline passes. */
    boolean awaitEmpty(StallWatch.Deadline deadline) {
        while (inFlight.get() > 0 && !deadline.passed()) {
            Pause.millis(1);
        }
        return inFlight.get() == 0;
    }

    /** The work a client hands to the bulkhead for call {@code callId}. */
    String serve(long callId, boolean onCallerThread) throws Exception {
        Recorder.PendingOp op = recorder.invoke(scenario, name, BulkheadOp.WORK,
                new WorkArgs(name, callId, onCallerThread).toMap());
        inFlight.incrementAndGet();
        Mode now = mode;
        boolean hung = now == Mode.HANGING;
        try {
            if (now == Mode.FAILING) {
                Exception failure = failures.getAndIncrement() % 2 == 0
                        ? new DependencyUnavailable(name + ": connection reset (a checked IOException)")
                        : new DependencyFailure(name + " answered 503");
                thrown.put(callId, failure);
                op.ok(WorkResult.failed(false, failure.getMessage()).toMap());
                throw failure;
            }
            if (hung) {
                recovered.await(10, TimeUnit.SECONDS);
            } else {
                Thread.sleep(delayMillis);
            }
            String value = name + "#" + callId;
            op.ok(WorkResult.returned(hung, value).toMap());
            return value;
        } catch (InterruptedException e) {
            op.ok(WorkResult.interrupted(hung).toMap());
            throw e;
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /** What a dependency throws as a checked exception: the caller must get this very one, not a wrapper. */
    static final class DependencyUnavailable extends IOException {
        DependencyUnavailable(String message) {
            super(message);
        }
    }

    static final class DependencyFailure extends RuntimeException {
        DependencyFailure(String message) {
            super(message, null, false, false);
        }
    }
}
