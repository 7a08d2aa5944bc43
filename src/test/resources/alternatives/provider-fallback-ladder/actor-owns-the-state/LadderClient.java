package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.ProviderReply;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Every provider's health is owned by one thread (an actor): workers send it questions ("may I
 * call rung i at tick t?") and news ("rung i failed at tick t", "rung i answered") and wait for the
 * reply. Plain arrays, no locks, no atomics: one thread reads and writes them, one message at a
 * time, so the probe is claimed by whichever question arrives first.
 */
public final class LadderClient implements FallbackLadder {
    private final LadderConfig config;
    private final Ticker ticker;
    private final ExecutorService owner = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "ladder-health");
        thread.setDaemon(true);
        return thread;
    });
    private final boolean[] down;
    private final long[] failedAt;
    private final boolean[] probing;

    public LadderClient(LadderConfig config, Ticker ticker) {
        this.config = config;
        this.ticker = ticker;
        int rungs = config.rungs().size();
        this.down = new boolean[rungs];
        this.failedAt = new long[rungs];
        this.probing = new boolean[rungs];
    }

    @Override
    public JobResult complete(Job job) {
        long start = ticker.read();
        long budget = config.jobBudget().toNanos();
        long ttl = config.downTtl().toNanos();
        for (int i = 0; i < config.rungs().size(); i++) {
            int rung = i;
            Rung step = config.rungs().get(i);
            long now = ticker.read();
            long left = budget - (now - start);
            if (left <= 0) {
                return JobResult.failed();
            }
            boolean call = ask(() -> {
                if (!down[rung]) {
                    return true;
                }
                if (probing[rung] || now - failedAt[rung] < ttl) {
                    return false;
                }
                probing[rung] = true;
                return true;
            });
            if (!call) {
                continue;
            }
            ProviderReply reply = step.provider().call(job, Duration.ofNanos(Math.min(step.timeout().toNanos(), left)));
            boolean failed = reply.timedOut() || reply.status() >= 500;
            long at = ticker.read();
            ask(() -> {
                down[rung] = failed;
                probing[rung] = false;
                if (failed) {
                    failedAt[rung] = at;
                }
                return null;
            });
            if (!failed && reply.status() >= 200 && reply.status() < 300) {
                return JobResult.completed(step.provider().name(), reply.body());
            }
            if (!failed && reply.status() >= 400 && reply.status() < 500) {
                return JobResult.rejected(step.provider().name());
            }
        }
        return JobResult.failed();
    }

    private <T> T ask(Callable<T> message) {
        Future<T> reply = owner.submit(message);
        try {
            return reply.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking the health owner", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
