package dev.lockdrill.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What to run in a check process: the kata's workload, the learner's class and where its
 * compiled classes are, the seed, the database (as the configured role, and as the run's own role
 * for the learner's code) and the pooler in front of it, if any (URLs passed through the
 * environment only) or why none runs when the kata needs one, and the hard time limit.
 * {@code explore}, when set, names the generated schedules to run instead of the scripted scenarios;
 * {@code lanes} is how many lanes the scripted scenarios may run in side by side (each further lane
 * with a schema of its own the parent made). {@code jvmOptions} are the kata's own options for the
 * check process: inputs its scenarios depend on (the processors the JVM sees, the common pool's
 * size), made explicit instead of left to the machine.
 */
public record ChildSpec(String label, String workloadClass, String implementationClass, Path classesDir,
                        List<Path> extraClasspath, long seed, String jdbcUrl, String ownerUrl, String pooledUrl,
                        String noPooler, String schema, String tag, Duration timeout, Path logFile, String explore,
                        int lanes, List<String> jvmOptions) {
    public ChildSpec {
        extraClasspath = List.copyOf(extraClasspath);
        jvmOptions = List.copyOf(jvmOptions);
    }

    public ChildSpec exploring(String schedules) {
        return new ChildSpec(label, workloadClass, implementationClass, classesDir, extraClasspath, seed, jdbcUrl,
                ownerUrl, pooledUrl, noPooler, schema, tag, timeout, logFile, schedules, 1, jvmOptions);
    }

    /** Without the URLs: the run's own role's password is in one of them. */
    @Override
    public String toString() {
        return "ChildSpec[" + label + ", " + workloadClass + ", schema " + schema + ", seed " + seed + "]";
    }
}
