package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
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
        webhook.hang();
        try (Calls timedOut = new Calls(rig); Calls cancelled = new Calls(rig)) {
            for (int i = 1; i <= LIMIT; i++) {
                timedOut.start("timeout-client-" + i, new CallArgs(HUNG));
            }
            timedOut.awaitDone(rig.deadline(TIMEOUT.toMillis() + SLACK_MILLIS + 100));
            webhook.awaitEmpty(rig.deadline(LINGER_MILLIS));

            for (int i = 1; i <= LIMIT; i++) {
                cancelled.start("cancel-client-" + i, new CallArgs(HUNG));
            }
            Calls.await(() -> cancelled.futures().size() == LIMIT, rig.deadline(LINGER_MILLIS));
            webhook.awaitInside(LIMIT, rig.deadline(LINGER_MILLIS));
            List<CompletableFuture<String>> futures = cancelled.futures();
            futures.forEach(future -> future.cancel(true));
            webhook.awaitEmpty(rig.deadline(LINGER_MILLIS));
            webhook.recover();
        }
        rig.recorder().fault(Faults.HANG, rig.scenario(), HUNG, start, HUNG + " hung until its calls had timed out "
                + "or been cancelled and their work had stopped (" + LINGER_MILLIS + " ms at most after that)");
        rig.settle();
        for (int i = 0; i < 3; i++) {
            rig.idleCall("idle-caller", HUNG);
        }
    }
}
