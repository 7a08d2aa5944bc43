package dev.lockdrill.katas.api.breaker;

/**
 * A circuit breaker guarding one dependency. The kata's class has a public constructor
 * {@code (BreakerConfig config, Ticker ticker, java.time.Clock wallClock, TransitionListener listener)}
 * and must be safe to call from many threads at once.
 *
 * <p>A caller asks for a permit, makes the call only if it got one, and then reports the outcome
 * with how long the call took (measured on the ticker):
 * <pre>{@code
 * if (breaker.tryAcquirePermission()) {
 *     long start = ticker.read();
 *     try { dependency.call(); breaker.onSuccess(ticker.read() - start); }
 *     catch (Exception e) { breaker.onError(ticker.read() - start, e); }
 * }
 * }</pre>
 */
public interface CircuitBreaker {
    /** True if the call may go ahead; false rejects it without calling the dependency. */
    boolean tryAcquirePermission();

    /** A permitted call succeeded after {@code durationNanos}. */
    void onSuccess(long durationNanos);

    /** A permitted call failed after {@code durationNanos}. */
    void onError(long durationNanos, Throwable error);
}
