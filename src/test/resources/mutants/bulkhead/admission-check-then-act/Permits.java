package katas.bulkhead;

import java.util.concurrent.atomic.AtomicInteger;

/** A dependency's permits: how many of its calls are in flight, against its limit. */
final class Permits {
    private final int limit;
    private final AtomicInteger inFlight = new AtomicInteger();

    Permits(int limit) {
        this.limit = limit;
    }

    /** Takes a permit if one is free. */
    boolean tryTake() {
        if (inFlight.get() >= limit) {
            return false;
        }
        inFlight.incrementAndGet();
        return true;
    }

    void release() {
        inFlight.decrementAndGet();
    }

    int availablePermits() {
        return limit - inFlight.get();
    }
}
