package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerState;

import java.util.concurrent.atomic.AtomicInteger;

/** HALF_OPEN: lets exactly N trials through, waits for all N outcomes, then closes or reopens. */
final class HalfOpenPhase implements CountingCircuitBreaker.Phase {
    private final CountingCircuitBreaker breaker;
    private final int trials;
    private final AtomicInteger permits;
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger slow = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();

    HalfOpenPhase(CountingCircuitBreaker breaker) {
        this.breaker = breaker;
        this.trials = breaker.config().permittedNumberOfCallsInHalfOpenState();
        this.permits = new AtomicInteger(trials);
    }

    @Override
    public BreakerState state() {
        return BreakerState.HALF_OPEN;
    }

    @Override
    public boolean tryAcquire() {
        return permits.getAndUpdate(left -> left > 0 ? left - 1 : 0) > 0;
    }

    @Override
    public void record(boolean failedCall, boolean slowCall) {
        if (failedCall) {
            failed.incrementAndGet();
        }
        if (slowCall) {
            slow.incrementAndGet();
        }
        if (done.incrementAndGet() != trials) {
            return;
        }
        boolean trips = failed.get() * 100.0 >= breaker.config().failureRateThreshold() * trials
                || slow.get() * 100.0 >= breaker.config().slowCallRateThreshold() * trials;
        breaker.move(this, trips ? new OpenPhase(breaker) : new ClosedPhase(breaker));
    }
}
