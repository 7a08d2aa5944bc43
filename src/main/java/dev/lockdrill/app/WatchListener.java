package dev.lockdrill.app;

import dev.lockdrill.score.CheckResult;

/** What watch mode tells the screen: a check started (at once), where it is, and how it ended. */
public interface WatchListener extends CheckProgress {
    void checking(String kata);

    void checked(String kata, CheckResult result);

    /** The check could not run at all (no PostgreSQL, a broken manifest...): one sentence to show. */
    void failed(String kata, RuntimeException error);

    @Override
    default void stage(String message) {
    }
}
