package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;

/** The configuration a breaker under test was built with, as the reference model reads it. */
record ModelConfig(double failureRateThreshold, double slowCallRateThreshold, long slowCallNanos, int windowSize,
                   int minimumCalls, long waitNanos, int halfOpenTrials) {

    static ModelConfig of(BreakerSetup setup) {
        return new ModelConfig(setup.failureRateThreshold(), setup.slowCallRateThreshold(),
                setup.slowCallDurationThresholdNanos(), setup.slidingWindowSize(), setup.minimumNumberOfCalls(),
                setup.waitDurationInOpenStateNanos(), setup.permittedNumberOfCallsInHalfOpenState());
    }

    /** Resilience4j's rule: a rate at or above its threshold trips (computed exactly, in integers). */
    boolean trips(int failed, int slow, int calls) {
        return failed * 100.0 >= failureRateThreshold * calls || slow * 100.0 >= slowCallRateThreshold * calls;
    }
}
