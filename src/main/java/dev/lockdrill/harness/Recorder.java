package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.Outcome;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records what workers do, as it happens: an invoke event when an operation starts and a
 * complete event when it ends, on one monotonic time base (nanoseconds since the run began).
 */
public final class Recorder {
    private final EventSink sink;
    private final long origin = System.nanoTime();
    private final AtomicLong ids = new AtomicLong();

    public Recorder(EventSink sink) {
        this.sink = sink;
    }

    public long now() {
        return System.nanoTime() - origin;
    }

    public PendingOp invoke(String scenario, String worker, String f, Map<String, Object> args) {
        long id = ids.incrementAndGet();
        sink.emit(new Event.Invoke(id, scenario, worker, f, args, now()));
        return new PendingOp(id);
    }

    public void fault(String name, String scenario, String target, long start, String description) {
        sink.emit(new Event.Fault(name, scenario, target, start, now(), description));
    }

    public void observe(String name, String scenario, List<Map<String, Object>> rows) {
        sink.emit(new Event.Observed(name, scenario, rows));
    }

    public void progress(String scenario, String message) {
        sink.emit(new Event.Progress(scenario, message));
    }

    /** An operation in flight; completing it twice is ignored. */
    public final class PendingOp {
        private final long id;
        private boolean completed;

        private PendingOp(long id) {
            this.id = id;
        }

        public long id() {
            return id;
        }

        public void ok(Map<String, Object> result) {
            complete(Outcome.OK, result, null);
        }

        public void fail(String error) {
            complete(Outcome.FAIL, Map.of(), error);
        }

        public void info(String error) {
            complete(Outcome.INFO, Map.of(), error);
        }

        private synchronized void complete(Outcome outcome, Map<String, Object> result, String error) {
            if (!completed) {
                completed = true;
                sink.emit(new Event.Complete(id, outcome, result, error, now()));
            }
        }
    }
}
