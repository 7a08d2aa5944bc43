package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerState;

/** CLOSED: every call goes through; the last slidingWindowSize outcomes decide when to open. */
final class ClosedPhase implements CountingCircuitBreaker.Phase {
    private final CountingCircuitBreaker breaker;
    private final CallWindow window;

    ClosedPhase(CountingCircuitBreaker breaker) {
        this.breaker = breaker;
        this.window = new CallWindow(breaker.config().slidingWindowSize(), breaker.config().minimumNumberOfCalls(),
                breaker.config().failureRateThreshold(), breaker.config().slowCallRateThreshold());
    }

    @Override
    public BreakerState state() {
        return BreakerState.CLOSED;
    }

    @Override
    public boolean tryAcquire() {
        return true;
    }

    @Override
    public void record(boolean failed, boolean slow) {
        if (window.recordAndCheck(failed, slow)) {
            breaker.move(this, new OpenPhase(breaker));
        }
    }
}
