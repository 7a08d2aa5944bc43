package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.Sleeper;

import java.time.Duration;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A generic retry decorator, as Resilience4j's Retry.decorateCallable: up to {@code maxAttempts}
 * calls in all, sleeping {@code backoff(attempt)} between them, and only for errors
 * {@code retryOn} accepts; any other error, or the last one, is rethrown as it is.
 */
final class RetryDecorator {
    private RetryDecorator() {
    }

    static <T> Call<T> decorate(int maxAttempts, Predicate<Exception> retryOn, IntFunction<Duration> backoff,
                                Sleeper sleeper, Call<T> call) {
        return () -> {
            for (int attempt = 1; ; attempt++) {
                try {
                    return call.call();
                } catch (Exception e) {
                    if (attempt >= maxAttempts || !retryOn.test(e)) {
                        throw e;
                    }
                    sleeper.sleep(backoff.apply(attempt));
                }
            }
        };
    }
}
