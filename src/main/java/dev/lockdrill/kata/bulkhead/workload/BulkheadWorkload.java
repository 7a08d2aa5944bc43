package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Lanes;
import dev.lockdrill.harness.Scenarios;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ScheduleId;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;

/** The bulkhead kata: fresh bulkheads per scenario, fake dependencies, real threads; no database. */
public final class BulkheadWorkload implements Workload, Explorable {
    public static final BulkheadScenario BASELINE = new BaselineScenario();
    public static final BulkheadScenario ONE_HANGS = new OneHangsScenario();
    public static final BulkheadScenario OUTAGE = new OutageScenario();
    public static final BulkheadScenario CANCELLATION_STORM = new CancellationStormScenario();
    public static final BulkheadScenario HAMMER = new HammerScenario();
    public static final BulkheadScenario TIMEOUT = new TimeoutScenario();
    public static final BulkheadScenario HANG_FILLS_ITS_LIMIT = new HangFillsItsLimitScenario();
    public static final BulkheadScenario INTERLEAVED_ADMISSION = new InterleavedAdmissionScenario();

    /** The scripted scenarios, in the order they run. */
    public static final List<BulkheadScenario> SCENARIOS = List.of(BASELINE, ONE_HANGS, OUTAGE, CANCELLATION_STORM,
            HAMMER, TIMEOUT, HANG_FILLS_ITS_LIMIT, INTERLEAVED_ADMISSION);

    /** The scenarios' names, in the order they run. */
    public static List<String> scenarioNames() {
        return SCENARIOS.stream().map(BulkheadScenario::name).toList();
    }

    /**
     * The scenarios that share a lane ({@link Lanes}): the hang, the steady ones, the cancellations
     * with the hang that fills its limit (over in milliseconds unless the threads are shared), and
     * the timeouts (a bulkhead that never times out keeps that lane waiting for its whole budget) with the
     * interleaved admissions (their schedules are decided by the harness, not by the machine's timing).
     */
    public static final List<Set<BulkheadScenario>> LANES = List.of(Set.of(ONE_HANGS, HAMMER),
            Set.of(BASELINE, OUTAGE), Set.of(CANCELLATION_STORM, HANG_FILLS_ITS_LIMIT),
            Set.of(TIMEOUT, INTERLEAVED_ADMISSION));

    /** The processors the check process's JVM sees: an input of the scenarios, the same on every machine. */
    static final int PROCESSORS = 2;
    /**
     * Threads of the JVM's common pool. 2, not 1: with 1, {@code CompletableFuture.supplyAsync}
     * without an executor starts a thread per task instead of using the pool.
     */
    static final int COMMON_POOL_PARALLELISM = 2;

    /** The options the check process is started with, so that {@link #PROCESSORS} and the common pool hold. */
    public static List<String> jvmOptions() {
        return List.of("-XX:ActiveProcessorCount=" + PROCESSORS,
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + COMMON_POOL_PARALLELISM);
    }

    /** The scenarios are written for a common pool of {@link #COMMON_POOL_PARALLELISM}: refuse to judge on another. */
    static void requireCommonPool() {
        int parallelism = ForkJoinPool.getCommonPoolParallelism();
        if (parallelism != COMMON_POOL_PARALLELISM) {
            throw new IllegalStateException("the bulkhead check ran with a common pool of " + parallelism
                    + " threads instead of " + COMMON_POOL_PARALLELISM + ": start its process with "
                    + String.join(" ", jvmOptions()));
        }
    }

    @Override
    public void run(WorkloadContext context) throws Exception {
        requireCommonPool();
        Lanes.run(context, SCENARIOS, BulkheadScenario::name, LANES, (lane, scenarios) -> {
            for (BulkheadScenario scenario : scenarios) {
                Scenarios.timed(lane, scenario.name(), scenario.summary(), () -> {
                    try (BulkheadRig rig = new BulkheadRig(lane, scenario.name(), scenario.limits(),
                            scenario.delayMillis(), scenario.callTimeout())) {
                        scenario.run(rig, rig.random());
                        rig.quiesce();
                    }
                });
            }
        });
    }

    @Override
    public void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        requireCommonPool();
        Exploration.run(context, schedules, BulkheadExplorer::generate,
                schedule -> new BulkheadExplorer(context, schedule), BulkheadExplorer::take, BulkheadExplorer::finish);
    }
}
