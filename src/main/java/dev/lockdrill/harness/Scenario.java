package dev.lockdrill.harness;

/** One scripted situation of a kata's workload: its name, one line of what it does, and its run on a rig. */
public interface Scenario<R> {
    String name();

    String summary();

    void run(R rig) throws Exception;
}
