package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.OpType;
import dev.lockdrill.history.Outcome;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

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

    /** A fault that landed: it started at {@code start} and ends now. */
    public void fault(FaultKind kind, String scenario, String target, long start, String description) {
        fault(kind, scenario, target, start, true, description);
    }

    /** A scheduled fault; one that did not land (no session to kill, nothing to hold) leaves the verdict unknown. */
    public void fault(FaultKind kind, String scenario, String target, long start, boolean landed,
                      String description) {
        sink.emit(new Event.Fault(kind.label(), scenario, target, start, now(), landed, description));
    }

    /**
     * Calls the implementation as one recorded operation. A value becomes the op's result fields;
     * an exception completes it as {@code onError} says, described by {@link Failures#describe}.
     */
    public <T> Call<T> call(String scenario, String worker, OpType f, Map<String, Object> args,
                            Action<T> action, Function<? super T, Map<String, Object>> fields, OnError onError) {
        PendingOp op = invoke(scenario, worker, f, args);
        try {
            T value = action.run();
            op.ok(fields.apply(value));
            return new Call<>(value, null);
        } catch (Exception | Error e) {
            String error = Failures.describe(e);
            if (onError == OnError.FAILED) {
                op.fail(error);
            } else {
                op.info(error);
            }
            return new Call<>(null, e);
        }
    }

    public PendingOp invoke(String scenario, String worker, OpType f, Map<String, Object> args) {
        return invoke(scenario, worker, f.label(), args);
    }

    /** One call into the implementation under test. */
    @FunctionalInterface
    public interface Action<T> {
        T run() throws Exception;
    }

    /** What an exception from the implementation means for the op. */
    public enum OnError {
        /** The call may have had its effect (a write whose connection died): outcome unknown. */
        UNKNOWN,
        /** The call certainly had no effect (a read): failed. */
        FAILED
    }

    /** How a recorded call ended: its value, or the exception it threw. */
    public record Call<T>(T value, Throwable error) {
        public boolean ok() {
            return error == null;
        }
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

        /** The system accepted or refused the operation (the op's {@code accepted} field), with other fields. */
        public void answered(boolean accepted, Map<String, Object> fields) {
            Map<String, Object> result = new LinkedHashMap<>(fields);
            result.put(Op.ACCEPTED, accepted);
            ok(result);
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
