package katas.circuitbreaker;

import dev.lockdrill.katas.api.breaker.BreakerState;

/** OPEN: rejects everything until waitDurationInOpenState has passed on the ticker, then lets a trial in. */
final class OpenPhase implements CountingCircuitBreaker.Phase {
    private final CountingCircuitBreaker breaker;
    private final long openedAt;
    private final long waitNanos;

    OpenPhase(CountingCircuitBreaker breaker) {
        this.breaker = breaker;
        this.openedAt = breaker.ticker().read();
        this.waitNanos = breaker.config().waitDurationInOpenState().toNanos();
    }

    @Override
    public BreakerState state() {
        return BreakerState.OPEN;
    }

    @Override
    public boolean tryAcquire() {
        if (breaker.ticker().read() - openedAt < waitNanos) {
            return false;
        }
        breaker.move(this, new HalfOpenPhase(breaker));
        CountingCircuitBreaker.Phase now = breaker.current();
        return now != this && now.tryAcquire();
    }

    @Override
    public void record(boolean failed, boolean slow) {
        // a call let through before the breaker opened came back late: the breaker stays open
    }
}
