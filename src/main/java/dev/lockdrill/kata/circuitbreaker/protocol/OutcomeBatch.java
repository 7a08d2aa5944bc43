package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/**
 * What one hammer thread did to one breaker: {@code reported} permitted calls whose outcome it
 * reported ({@code failures} of them failed), and whether a permit was {@code refused}, which ended
 * its run. The args are the breaker and the tick; the rest is the op's result.
 */
public record OutcomeBatch(String breaker, long tick, int reported, int failures, boolean refused) {
    /** The op's arguments: which breaker, at which tick. */
    private record Target(String breaker, long tick) {
    }

    /** The op's result. */
    private record Counts(int reported, int failures, boolean refused) {
    }

    public static Map<String, Object> args(String breaker, long tick) {
        return Fields.of(new Target(breaker, tick));
    }

    public Map<String, Object> result() {
        return Fields.of(new Counts(reported, failures, refused));
    }

    /** A batch whose thread ended without a result reads as nothing reported, not refused. */
    public static OutcomeBatch of(Op op) {
        Target target = op.args(Target.class);
        Counts counts = op.result(Counts.class);
        return new OutcomeBatch(target.breaker(), target.tick(), counts.reported(), counts.failures(),
                counts.refused());
    }
}
