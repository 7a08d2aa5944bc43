package dev.lockdrill.history;

import java.util.Map;
import java.util.Optional;

/**
 * One operation a worker performed against the implementation under test: what it called with
 * which arguments, when it was invoked and completed (monotonic nanoseconds since the run began),
 * and how it ended.
 */
public record Op(long id, String scenario, String worker, String f, Map<String, Object> args,
                 long invokeNanos, long completeNanos, Outcome outcome, Map<String, Object> result,
                 String error) {

    /** The result field that says whether the system accepted the operation. */
    public static final String ACCEPTED = "accepted";

    public Op {
        args = args == null ? Map.of() : Map.copyOf(args);
        result = result == null ? Map.of() : Map.copyOf(result);
    }

    public boolean is(String function) {
        return f.equals(function);
    }

    public boolean is(OpType type) {
        return f.equals(type.label());
    }

    /**
     * The system's answer to an operation that it may accept or refuse (a write, a grant, a claim):
     * the boolean result {@value #ACCEPTED}, empty when the operation has no such answer.
     */
    public Optional<Boolean> accepted() {
        Object value = result.get(ACCEPTED);
        return value instanceof Boolean b ? Optional.of(b) : Optional.empty();
    }

    /** The arguments as the kata's protocol record, {@code op.args(Write.class)} ({@link Fields}). */
    public <T> T args(Class<T> type) {
        return Fields.as(args, type);
    }

    /** The result as the kata's protocol record ({@link Fields}). */
    public <T> T result(Class<T> type) {
        return Fields.as(result, type);
    }

    public boolean ok() {
        return outcome == Outcome.OK;
    }

    public long longArg(String name) {
        return ((Number) require(args, name)).longValue();
    }

    public String stringArg(String name) {
        Object value = args.get(name);
        return value == null ? null : value.toString();
    }

    public boolean boolResult(String name) {
        return Boolean.TRUE.equals(result.get(name));
    }

    public Long longResult(String name) {
        Object value = result.get(name);
        return value == null ? null : ((Number) value).longValue();
    }

    public String stringResult(String name) {
        Object value = result.get(name);
        return value == null ? null : value.toString();
    }

    /** True when this op completed strictly before the other was invoked (real-time order). */
    public boolean precedes(Op other) {
        return outcome != Outcome.INFO && completeNanos < other.invokeNanos;
    }

    private static Object require(Map<String, Object> map, String name) {
        Object value = map.get(name);
        if (value == null) {
            throw new IllegalArgumentException("op has no argument '" + name + "'");
        }
        return value;
    }
}
