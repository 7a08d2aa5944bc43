package dev.lockdrill.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What to run in a check process: the kata's workload, the learner's class and where its
 * compiled classes are, the seed, the database and the pooler in front of it, if any (URLs passed
 * through the environment only) or why none runs when the kata needs one, and the hard time limit.
 * {@code explore}, when set, names the generated schedules to run instead of the scripted scenarios.
 */
public record ChildSpec(String label, String workloadClass, String implementationClass, Path classesDir,
                        List<Path> extraClasspath, long seed, String jdbcUrl, String pooledUrl, String noPooler,
                        String schema, String tag, Duration timeout, Path logFile, String explore) {
    public ChildSpec {
        extraClasspath = List.copyOf(extraClasspath);
    }

    public ChildSpec(String label, String workloadClass, String implementationClass, Path classesDir,
                     List<Path> extraClasspath, long seed, String jdbcUrl, String pooledUrl, String noPooler,
                     String schema, String tag, Duration timeout, Path logFile) {
        this(label, workloadClass, implementationClass, classesDir, extraClasspath, seed, jdbcUrl, pooledUrl, noPooler,
                schema, tag, timeout, logFile, null);
    }

    public ChildSpec exploring(String schedules) {
        return new ChildSpec(label, workloadClass, implementationClass, classesDir, extraClasspath, seed, jdbcUrl,
                pooledUrl, noPooler, schema, tag, timeout, logFile, schedules);
    }
}
