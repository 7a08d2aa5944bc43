package dev.lockdrill.katas.api.ladder;

import java.time.Duration;

/**
 * One provider of the ladder. A call waits at most {@code timeout} (on the ladder's ticker) and then
 * answers {@link ProviderReply#timedOut()}: the timeout you pass is the only bound a hung provider
 * has. Safe to call from many threads at once.
 */
public interface Provider {
    String name();

    ProviderReply call(Job job, Duration timeout);
}
