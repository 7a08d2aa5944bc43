package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

/** The one loop that runs explored schedules, each on a fresh rig that is closed after it. */
public final class Exploration {
    /** Opens the rig a schedule runs on. */
    @FunctionalInterface
    public interface Rigs<S extends Step, R extends AutoCloseable> {
        R open(Schedule<S> schedule) throws Exception;
    }

    /** What one step does on the rig. */
    @FunctionalInterface
    public interface Steps<S extends Step, R> {
        void run(R rig, S step) throws Exception;
    }

    /** What happens on the rig after its schedule ran (ground truth is read, for instance). */
    @FunctionalInterface
    public interface After<R> {
        void accept(R rig) throws Exception;
    }

    private Exploration() {
    }

    public static <S extends Step, R extends AutoCloseable> void run(WorkloadContext context, List<ScheduleId> ids,
                                                                     Schedule.Generator<S> generator, Rigs<S, R> rigs,
                                                                     Steps<S, R> steps, After<R> after)
            throws Exception {
        for (ScheduleId id : ids) {
            Schedule<S> schedule = Schedule.of(id, generator);
            context.recorder().progress(schedule.scenario(), schedule.steps().size() + " generated steps");
            schedule.record(context.recorder());
            Database database = context.database();
            try (R rig = rigs.open(schedule);
                 SessionLockWaits lockWaits = database == null ? null : new SessionLockWaits(database)) {
                StepRunner.run(schedule.steps(), step -> steps.run(rig, step),
                        lockWaits == null ? StepRunner.Waits.NONE : lockWaits);
                after.accept(rig);
            }
        }
    }
}
