package dev.lockdrill.katas.api.emitter;

import java.time.Duration;

/** Waits between attempts; the harness's moves virtual time instead of blocking. */
@FunctionalInterface
public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
}
