package dev.lockdrill.kata;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.history.NamedScenario;

import java.util.List;
import java.util.Set;

/**
 * One kata as the pipeline sees it: its id (the folder name under {@code katas/}), the workload
 * its check process runs, the invariants and figures computed over the history, what it needs
 * to run, and the numbered contract the learner must honour.
 */
public interface Kata {
    String id();

    Class<? extends Workload> workload();

    /** The workload's scripted scenarios, the very objects its check process runs, in their order. */
    List<NamedScenario> scenarios();

    List<Invariant> invariants();

    Metrics metrics();

    Set<Needs> needs();

    /**
     * The contract's clauses (C1, C2, …) as the learner reads them, each mapped to the invariants and
     * scenarios that judge it; the README's Contract section is generated from it.
     */
    Contract contract();

    /**
     * What a replay with the same seed does not repeat exactly: the parts of the scripted scenarios
     * that thread timing decides (the seed fixes tokens, pause lengths, values and fault order).
     * Empty when every step is sequenced by latches and hooks.
     */
    default List<String> timingDependent() {
        return List.of();
    }

    /** Whether the workload can also run generated schedules (`check --explore`). */
    default boolean explores() {
        return Explorable.class.isAssignableFrom(workload());
    }

    /**
     * The name of the scenario whose failure teaches the kata's lesson best (the paused holder of
     * fencing-token), shown as the swimlane when no failing invariant names an operation; null when
     * none stands out. A kata gives it as one of its {@link #scenarios()}, {@code PAUSED_HOLDER.name()}.
     */
    default String lessonScenario() {
        return null;
    }

    /**
     * How many lanes the check's scripted scenarios run in side by side (each lane its scenarios in
     * order, with a schema of its own), so the check takes about its longest lane's time. Each lane
     * is judged as a history of its own. The workload says which scenarios share a lane.
     */
    default int lanes() {
        return 1;
    }

    /**
     * How many PostgreSQL client connections the check process holds at its peak when its scenarios
     * run in {@code lanes} lanes (workers' pools, the harness's own sessions, a killer's, the
     * pooler's), measured: a check runs in fewer lanes when the server has no room for them all. The
     * default is more than any kata's.
     */
    default int peakConnections(int lanes) {
        return 12 * lanes;
    }

    /**
     * Options the check process's JVM runs with: what the scenarios depend on that the machine would
     * otherwise decide (the processors the JVM sees, the size of the common ForkJoinPool), set so a
     * verdict is the same on 2 cores and on 64. Empty when nothing of the JVM is an input.
     */
    default List<String> jvmOptions() {
        return List.of();
    }

    default boolean needs(Needs need) {
        return needs().contains(need);
    }
}
