package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * What one hammer thread did to one breaker: {@code reported} permitted calls whose outcome it
 * reported ({@code failures} of them failed), and whether a permit was {@code refused}, which ended
 * its run. The args are the breaker and the tick; the rest is the op's result.
 */
public record OutcomeBatch(String breaker, long tick, int reported, int failures, boolean refused) {
    private static final String BREAKER = "breaker";
    private static final String TICK = "tick";
    private static final String REPORTED = "reported";
    private static final String FAILURES = "failures";
    private static final String REFUSED = "refused";

    public static Map<String, Object> args(String breaker, long tick) {
        return Map.of(BREAKER, breaker, TICK, tick);
    }

    public Map<String, Object> result() {
        return Map.of(REPORTED, reported, FAILURES, failures, REFUSED, refused);
    }

    public static OutcomeBatch of(Op op) {
        Long reported = op.longResult(REPORTED);
        Long failures = op.longResult(FAILURES);
        return new OutcomeBatch(op.stringArg(BREAKER), op.longArg(TICK), reported == null ? 0 : reported.intValue(),
                failures == null ? 0 : failures.intValue(), op.boolResult(REFUSED));
    }
}
