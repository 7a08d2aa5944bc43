package dev.lockdrill.harness.explore;

/** One step of an explored schedule: who takes it (a worker, or the nemesis) and what it does, in words. */
public interface Step {
    String actor();

    String describe();

    /**
     * A step that runs alone: every step before it has finished when it starts, and none after it
     * starts before it ends. For a step that owns several workers' round trips at once (a statement
     * schedule), which another thread on one of their pools would confuse.
     */
    interface Alone extends Step {
    }
}
