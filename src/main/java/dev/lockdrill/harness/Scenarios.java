package dev.lockdrill.harness;

import java.util.List;
import java.util.Map;

/**
 * The one loop that runs a workload's scenarios in order, each on a fresh rig that is closed after
 * it, and records how long each took and how much of that was deliberate waiting ({@link #TIMING}).
 */
public final class Scenarios {
    /** The observation, one per scenario, of its wall time and its deliberate waits ({@link WaitLedger}), in µs. */
    public static final String TIMING = "scenario-timing";
    public static final String WALL_MICROS = "wallMicros";
    public static final String WAIT_MICROS = "waitMicros";

    /** Opens the rig for the {@code index}-th scenario. */
    @FunctionalInterface
    public interface Rigs<S, R extends AutoCloseable> {
        R open(S scenario, int index) throws Exception;
    }

    /** What happens on the rig after its scenario ran (ground truth is read, for instance). */
    @FunctionalInterface
    public interface After<R> {
        void accept(R rig) throws Exception;
    }

    /** A scenario's whole run, timed. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    private Scenarios() {
    }

    public static <S extends Scenario<R>, R extends AutoCloseable> void run(WorkloadContext context, List<S> scenarios,
                                                                         Rigs<S, R> rigs, After<R> after)
            throws Exception {
        for (int i = 0; i < scenarios.size(); i++) {
            S scenario = scenarios.get(i);
            int index = i;
            timed(context, scenario.name(), scenario.summary(), () -> {
                try (R rig = rigs.open(scenario, index)) {
                    scenario.run(rig);
                    after.accept(rig);
                }
            });
        }
    }

    public static <S extends Scenario<R>, R extends AutoCloseable> void run(WorkloadContext context, List<S> scenarios,
                                                                         Rigs<S, R> rigs) throws Exception {
        run(context, scenarios, rigs, rig -> { });
    }

    /** Announces a scenario, runs it, and records its timing (also when it throws). */
    public static void timed(WorkloadContext context, String name, String summary, Body body) throws Exception {
        Recorder recorder = context.recorder();
        recorder.progress(name, summary);
        long start = recorder.now();
        try (WaitLedger.Scope waits = WaitLedger.open()) {
            try {
                body.run();
            } finally {
                recorder.observe(TIMING, name, List.of(Map.of(WALL_MICROS, (recorder.now() - start) / 1_000,
                        WAIT_MICROS, waits.waitedNanos() / 1_000)));
            }
        }
    }
}
