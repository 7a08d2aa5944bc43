package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.StallWatch;
import dev.lockdrill.harness.Pause;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadFaults;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * webhook hangs. Two calls (its limit) must end with TimeoutException after the call timeout and
 * their work must be interrupted: the harness keeps the hang going well past the timeout, so a
 * timeout that does not end the call, or one that ends it but leaves the work inside, shows.
 * Then two calls are cancelled once their work is inside: that work must be interrupted too.
 * After the recovery, one-at-a-time calls must all be admitted (no permit lost to a timeout or a
 * cancellation).
 */
final class TimeoutScenario implements BulkheadScenario {
    static final String HUNG = "webhook";
    static final int LIMIT = 2;
    static final Duration TIMEOUT = Duration.ofMillis(150);
    /** How long past the timeout a call may take to end, and the hang goes on (a loaded machine is slow). */
    static final long SLACK_MILLIS = Budgets.TIMEOUT_SLACK_MILLIS;
    /** How long the hang goes on after the calls ended, for abandoned work to stop. */
    static final long LINGER_MILLIS = Budgets.INTERRUPT_GRACE_MILLIS + 100;
    /**
     * How long the cancelled calls may take to start and their work to get inside (not a budget the
     * bulkhead is judged by: until then there is nothing to cancel, so a loaded machine only waits).
     */
    static final long ENTER_MILLIS = 5_000;
    /** A call turned away before its work got inside is tried again this many times, this far apart. */
    static final int RETRIES = 20;
    static final long RETRY_AFTER_NANOS = 25_000_000;

    @Override
    public String name() {
        return "timeout";
    }

    @Override
    public String summary() {
        return HUNG + " hangs: calls time out and are cancelled; their work must be interrupted";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(HUNG, LIMIT);
    }

    @Override
    public long delayMillis() {
        return 1;
    }

    @Override
    public Duration callTimeout() {
        return TIMEOUT;
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        FakeDependency webhook = rig.dependency(HUNG);
        long start = rig.recorder().now();
        boolean inside;
        long cancelling;
        int stuck;
        webhook.hang();
        try (Calls timedOut = new Calls(rig); Calls cancelled = new Calls(rig)) {
            for (int i = 1; i <= LIMIT; i++) {
                timedOut.start("timeout-client-" + i, new CallArgs(HUNG));
            }
            timedOut.awaitDone(rig.deadline(TIMEOUT.toMillis() + SLACK_MILLIS + 100));
            webhook.awaitEmpty(rig.deadline(LINGER_MILLIS));

            // LIMIT calls whose work is inside the hung dependency, then cancel them. A permit
            // comes back a moment after its work ends, so a call turned away now is tried again;
            // unless the timeouts left work inside (then the bulkhead stays full: try once).
            stuck = webhook.inFlight();
            cancelling = rig.recorder().now();
            StallWatch.Deadline entering = rig.deadline(stuck == 0 ? ENTER_MILLIS : LINGER_MILLIS);
            int started = 0;
            long retryAt = 0;
            do {
                boolean retry = stuck == 0 && started < LIMIT + RETRIES && System.nanoTime() >= retryAt;
                while (cancelled.pending() < LIMIT && (started < LIMIT || retry)) {
                    cancelled.start("cancel-client-" + ++started, new CallArgs(HUNG));
                    retryAt = System.nanoTime() + RETRY_AFTER_NANOS;
                }
                Pause.millis(1);
            } while (webhook.inFlight() - stuck < LIMIT && !entering.passed()
                    && !(cancelled.pending() == 0 && started >= (stuck == 0 ? LIMIT + RETRIES : LIMIT)));
            inside = webhook.inFlight() - stuck >= LIMIT;
            List<CompletableFuture<String>> futures = cancelled.futures();
            futures.forEach(future -> future.cancel(true));
            webhook.awaitEmpty(rig.deadline(LINGER_MILLIS));
            webhook.recover();
        }
        boolean full = !inside && stuck > 0;
        rig.recorder().fault(Faults.HANG, rig.scenario(), HUNG, start, HUNG + " hung until its calls had timed out "
                + "or been cancelled and their work had stopped (" + LINGER_MILLIS + " ms at most after that)"
                + (full ? "; the work of the calls that timed out never left, so no call could be cancelled mid-work"
                : ""));
        if (!full) {
            // with the timed-out work still inside, a full bulkhead leaves nothing to cancel: that is
            // abandoned-work-interrupted's failure already, not a fault that did not land
            rig.recorder().fault(BulkheadFaults.CANCELLED_MID_WORK, rig.scenario(), HUNG, cancelling, inside, inside
                    ? LIMIT + " calls were cancelled while their work was inside " + HUNG
                    : "the calls to cancel never had their work inside " + HUNG + ", so none was cancelled mid-work");
        }
        rig.settle();
        for (int i = 0; i < 3; i++) {
            rig.idleCall("idle-caller", HUNG);
        }
    }
}
