package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.EmitterBreaker;

import java.util.function.Function;

/**
 * A generic circuit-breaker decorator, as Resilience4j's CircuitBreaker.decorateCallable: it asks
 * the breaker before the call, throws {@link NotPermitted} without calling when refused, and reports
 * the outcome as the classifier sorts the error. It knows nothing about platforms or events.
 */
final class BreakerDecorator {
    /** What an error says about the guarded dependency. */
    enum Verdict { FAILURE, IGNORED }

    /** The breaker refused the call (Resilience4j's CallNotPermittedException). */
    static final class NotPermitted extends Exception {
        NotPermitted() {
            super("call not permitted", null, false, false);
        }
    }

    private BreakerDecorator() {
    }

    static <T> Call<T> decorate(EmitterBreaker breaker, Function<Exception, Verdict> classifier, Call<T> call) {
        return () -> {
            if (!breaker.tryAcquirePermission()) {
                throw new NotPermitted();
            }
            long start = System.nanoTime();
            T value;
            try {
                value = call.call();
            } catch (Exception e) {
                if (classifier.apply(e) == Verdict.IGNORED) {
                    breaker.releasePermission();
                } else {
                    breaker.onError(System.nanoTime() - start, e);
                }
                throw e;
            }
            breaker.onSuccess(System.nanoTime() - start);
            return value;
        };
    }
}
