package dev.lockdrill.harness;

import java.util.Optional;

/**
 * What a workload gets: the seed, the recorder, the learner's implementation, (for SQL katas) the
 * database, and how many lanes its scripted scenarios may run in side by side ({@link Lanes}).
 */
public record WorkloadContext(long seed, Recorder recorder, Implementation implementation, Database database,
                              int lanes) {

    public WorkloadContext(long seed, Recorder recorder, Implementation implementation, Database database) {
        this(seed, recorder, implementation, database, 1);
    }

    /** The context of one lane: its own view of the database, and no further lanes. */
    public WorkloadContext lane(int lane) {
        return new WorkloadContext(seed, recorder, implementation, database == null ? null : database.lane(lane), 1);
    }

    public Database requireDatabase() {
        return Optional.ofNullable(database)
                .orElseThrow(() -> new HarnessException("this kata needs PostgreSQL but the run has no database"));
    }
}
