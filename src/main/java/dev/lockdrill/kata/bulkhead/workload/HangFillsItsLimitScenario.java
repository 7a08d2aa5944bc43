package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.history.Faults;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * apns hangs with every one of its permits in use, and as many as the JVM's common pool has
 * threads ({@link BulkheadWorkload#COMMON_POOL_PARALLELISM}); then one call to fcm must run at
 * once. The hang lasts until fcm's call has ended, or {@value #HOLD_MILLIS} ms: a bulkhead whose
 * hung calls hold apns's own threads answers fcm in milliseconds and ends the scenario at once; one
 * that runs every dependency's work on threads they share (the common pool, {@code supplyAsync}
 * without an executor, one executor for all) leaves fcm's work waiting behind apns's for the whole
 * hold, every run. The call timeout is longer than the hold, so no hung call frees a thread early.
 */
final class HangFillsItsLimitScenario implements BulkheadScenario {
    static final String HUNG = "apns";
    static final String HEALTHY = "fcm";
    /** How long apns's works may take to get inside the hung dependency (a loaded machine only waits). */
    static final long ENTER_MILLIS = 1_000;
    static final long HOLD_MILLIS = 1_500;

    @Override
    public String name() {
        return "hang-fills-its-limit";
    }

    @Override
    public String summary() {
        return HUNG + " hangs with all " + BulkheadWorkload.COMMON_POOL_PARALLELISM + " of its permits in use; one "
                + HEALTHY + " call must still run at once";
    }

    @Override
    public Map<String, Integer> limits() {
        return Map.of(HUNG, BulkheadWorkload.COMMON_POOL_PARALLELISM, HEALTHY, 2);
    }

    @Override
    public long delayMillis() {
        return 2;
    }

    @Override
    public Duration callTimeout() {
        return Duration.ofMillis(2 * HOLD_MILLIS);
    }

    @Override
    public void run(BulkheadRig rig, SplittableRandom random) throws Exception {
        FakeDependency apns = rig.dependency(HUNG);
        long start = rig.recorder().now();
        apns.hang();
        for (int i = 1; i <= rig.limit(HUNG); i++) {
            rig.start(HUNG + "-client-" + i, HUNG);
        }
        Calls.await(() -> apns.inFlight() == rig.limit(HUNG), rig.deadline(ENTER_MILLIS));
        CompletableFuture<String> healthy = rig.start(HEALTHY + "-client", HEALTHY);
        Calls.await(healthy::isDone, rig.deadline(HOLD_MILLIS));
        apns.recover();
        rig.recorder().fault(Faults.HANG, rig.scenario(), HUNG, start, HUNG + " hung with all "
                + rig.limit(HUNG) + " of its permits in use until " + HEALTHY + "'s call ended (at most "
                + HOLD_MILLIS + " ms)");
    }
}
