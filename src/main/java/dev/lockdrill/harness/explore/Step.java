package dev.lockdrill.harness.explore;

/** One step of an explored schedule: who takes it (a worker, or the nemesis) and what it does, in words. */
public interface Step {
    String actor();

    String describe();
}
