package dev.lockdrill.harness;

import java.util.Optional;

/** What a workload gets: the seed, the recorder, the learner's implementation and (for SQL katas) the database. */
public record WorkloadContext(long seed, Recorder recorder, Implementation implementation, Database database) {

    public Database requireDatabase() {
        return Optional.ofNullable(database)
                .orElseThrow(() -> new HarnessException("this kata needs PostgreSQL but the run has no database"));
    }
}
