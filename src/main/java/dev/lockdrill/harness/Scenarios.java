package dev.lockdrill.harness;

import java.util.List;

/** The one loop that runs a workload's scenarios in order, each on a fresh rig that is closed after it. */
public final class Scenarios {
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

    private Scenarios() {
    }

    public static <S extends Scenario<R>, R extends AutoCloseable> void run(WorkloadContext context, List<S> scenarios,
                                                                         Rigs<S, R> rigs, After<R> after)
            throws Exception {
        for (int i = 0; i < scenarios.size(); i++) {
            S scenario = scenarios.get(i);
            context.recorder().progress(scenario.name(), scenario.summary());
            try (R rig = rigs.open(scenario, i)) {
                scenario.run(rig);
                after.accept(rig);
            }
        }
    }

    public static <S extends Scenario<R>, R extends AutoCloseable> void run(WorkloadContext context, List<S> scenarios,
                                                                         Rigs<S, R> rigs) throws Exception {
        run(context, scenarios, rigs, rig -> { });
    }
}
