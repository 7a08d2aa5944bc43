package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.support.ScheduleId;

import java.util.List;

/**
 * A workload that can also run generated schedules (`check KATA --explore`): random operations
 * from its workers and random faults from a nemesis, beyond its scripted scenarios. Each schedule
 * is recorded under its own scenario name ({@link ScheduleId#scenario()}) so it is judged alone.
 */
public interface Explorable {
    void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception;
}
