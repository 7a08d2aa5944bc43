package dev.lockdrill.katas.api.ladder;

/**
 * A client that completes a job by trying providers in order, as the study notes' AI job ladder
 * does. The kata's class has a public constructor
 * {@code (LadderConfig config, dev.lockdrill.katas.api.breaker.Ticker ticker)}; one instance is one
 * process, and every worker of that process calls {@link #complete} on it, from its own thread, at
 * the same time as the others: what one worker learns about a provider is meant for all of them.
 */
public interface FallbackLadder {
    /**
     * Tries the rungs in order until one answers: a 2xx completes the job with that provider's
     * output, a 4xx rejects it (the job's fault), a 5xx or a timeout moves on to the next rung.
     * Never throws.
     */
    JobResult complete(Job job);
}
