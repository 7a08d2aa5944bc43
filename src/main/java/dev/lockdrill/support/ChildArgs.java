package dev.lockdrill.support;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the parent tells a check process on its command line, written by the runner and read by
 * the harness's main. The JDBC URL, the run's own role's and never the configured
 * role's, travels in the environment ({@link #JDBC_URL_ENV}) instead, so that it never shows in a
 * process list.
 */
public record ChildArgs(String workloadClass, String implementationClass, Path classesDir, long seed,
                        String schema, String tag, List<Path> extraClasspath) {
    public static final String JDBC_URL_ENV = "LOCKDRILL_CHILD_JDBC_URL";
    /** The URL of the run's PgBouncer, when the kata needs a pooler and one is installed. */
    public static final String POOLED_URL_ENV = "LOCKDRILL_CHILD_POOLED_URL";
    /** The schedules to explore ({@link ScheduleId#join}) instead of the scripted scenarios, when set. */
    public static final String EXPLORE_ENV = "LOCKDRILL_CHILD_EXPLORE";
    /** Why no pooler runs, when the kata needs one (not installed, or it did not start): one sentence. */
    public static final String NO_POOLER_ENV = "LOCKDRILL_CHILD_NO_POOLER";
    /** Where the check process sends its events: "PORT TOKEN" of the parent's loopback socket. */
    public static final String EVENTS_ENV = "LOCKDRILL_CHILD_EVENTS";
    /**
     * How many lanes the scripted scenarios may run in side by side (absent: one). Lane 0 uses the
     * run's schema; lane k the schema {@code schema + letter}, made by the parent.
     */
    public static final String LANES_ENV = "LOCKDRILL_CHILD_LANES";
    public static final String HARNESS_MAIN = "dev.lockdrill.harness.HarnessMain";
    /**
     * The first argument of a check process started ahead of its check (then the workload class to
     * warm up): it reads its arguments and environment from its standard input when it is used.
     */
    public static final String STANDBY = "--standby";
    /** The third argument of such a process when its check will use PostgreSQL: it warms the driver up. */
    public static final String STANDBY_POSTGRES = "postgres";

    public ChildArgs {
        extraClasspath = List.copyOf(extraClasspath);
    }

    /** The schema of a run's lane {@code lane} (1, 2, …): the run's schema and a letter, "ld…_youb". */
    public static String laneSchema(String schema, int lane) {
        return schema + (char) ('a' + lane);
    }

    /** The tag a lane's sessions carry (lane 0 keeps the run's): the run's tag and the lane's letter. */
    public static String laneTag(String tag, int lane) {
        return lane == 0 ? tag : tag + (char) ('a' + lane);
    }

    public List<String> toArgs() {
        return List.of(workloadClass, implementationClass, classesDir.toString(), Long.toString(seed), schema, tag,
                String.join(File.pathSeparator, extraClasspath.stream().map(Path::toString).toList()));
    }

    public static ChildArgs parse(String[] args) {
        if (args.length < 6) {
            throw new IllegalArgumentException("a check process needs at least 6 arguments, got " + args.length);
        }
        List<Path> extra = new ArrayList<>();
        if (args.length > 6) {
            for (String entry : args[6].split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    extra.add(Path.of(entry));
                }
            }
        }
        return new ChildArgs(args[0], args[1], Path.of(args[2]), Long.parseLong(args[3]), args[4], args[5], extra);
    }
}
