package katas.circuitbreaker;

/**
 * The outcomes of the last {@code size} calls in a ring buffer, with running counts, so each call
 * costs O(1). Rates are compared with {@code >=}, in exact arithmetic.
 */
final class CallWindow {
    private final boolean[] failed;
    private final boolean[] slow;
    private final int minimumCalls;
    private final double failureRateThreshold;
    private final double slowCallRateThreshold;
    private int next;
    private int calls;
    private int failures;
    private int slowCalls;

    CallWindow(int size, int minimumCalls, double failureRateThreshold, double slowCallRateThreshold) {
        this.failed = new boolean[size];
        this.slow = new boolean[size];
        this.minimumCalls = minimumCalls;
        this.failureRateThreshold = failureRateThreshold;
        this.slowCallRateThreshold = slowCallRateThreshold;
    }

    /** Records one outcome; true if the window now says "open". */
    synchronized boolean recordAndCheck(boolean failedCall, boolean slowCall) {
        if (calls == failed.length) {
            failures -= failed[next] ? 1 : 0;
            slowCalls -= slow[next] ? 1 : 0;
        } else {
            calls++;
        }
        failed[next] = failedCall;
        slow[next] = slowCall;
        failures += failedCall ? 1 : 0;
        slowCalls += slowCall ? 1 : 0;
        next = (next + 1) % failed.length;
        return calls >= minimumCalls && (failures * 100.0 >= failureRateThreshold * calls
                || slowCalls * 100.0 >= slowCallRateThreshold * calls);
    }
}
