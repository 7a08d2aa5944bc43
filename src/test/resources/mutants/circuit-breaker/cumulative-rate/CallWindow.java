package katas.circuitbreaker;

/**
 * Running counts of the calls since the breaker closed, so each call costs O(1). Rates are
 * compared with {@code >=}, in exact arithmetic.
 */
final class CallWindow {
    private final int minimumCalls;
    private final double failureRateThreshold;
    private final double slowCallRateThreshold;
    private int calls;
    private int failures;
    private int slowCalls;

    CallWindow(int size, int minimumCalls, double failureRateThreshold, double slowCallRateThreshold) {
        this.minimumCalls = minimumCalls;
        this.failureRateThreshold = failureRateThreshold;
        this.slowCallRateThreshold = slowCallRateThreshold;
    }

    /** Records one outcome; true if the window now says "open". */
    synchronized boolean recordAndCheck(boolean failedCall, boolean slowCall) {
        calls++;
        failures += failedCall ? 1 : 0;
        slowCalls += slowCall ? 1 : 0;
        return calls >= minimumCalls && (failures * 100.0 >= failureRateThreshold * calls
                || slowCalls * 100.0 >= slowCallRateThreshold * calls);
    }
}
