package dev.lockdrill.app;

import dev.lockdrill.score.CheckResult;

/** Checks a kata once (the real one compiles and runs the learner's folder; tests count the calls). */
@FunctionalInterface
public interface KataChecker {
    CheckResult check(String kata, CheckProgress progress);
}
