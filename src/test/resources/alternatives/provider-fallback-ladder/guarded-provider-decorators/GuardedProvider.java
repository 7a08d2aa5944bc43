package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.ProviderReply;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;

/**
 * One rung's provider behind a guard: the guard's monitor protects only its three fields (never
 * held during the call itself, so a hung provider blocks nobody but its caller).
 */
final class GuardedProvider {
    /** What trying the rung gave: the job's result when the provider answered, null to go on. */
    record Outcome(JobResult result) {
    }

    private static final Outcome NEXT = new Outcome(null);

    private final Rung rung;
    private final long ttlNanos;
    private final Ticker ticker;
    private boolean down;
    private long downSince;
    private boolean probeOut;

    GuardedProvider(Rung rung, Duration ttl, Ticker ticker) {
        this.rung = rung;
        this.ttlNanos = ttl.toNanos();
        this.ticker = ticker;
    }

    Outcome tryCall(Job job, long budgetLeftNanos) {
        if (!admit()) {
            return NEXT;
        }
        long timeout = Math.min(rung.timeout().toNanos(), budgetLeftNanos);
        ProviderReply reply = rung.provider().call(job, Duration.ofNanos(timeout));
        if (reply.timedOut() || reply.status() >= 500) {
            markDown(ticker.read());
            return NEXT;
        }
        markUp();
        return new Outcome(reply.status() < 300 ? JobResult.completed(rung.provider().name(), reply.body())
                : JobResult.rejected(rung.provider().name()));
    }

    private synchronized boolean admit() {
        if (!down) {
            return true;
        }
        if (probeOut || ticker.read() - downSince < ttlNanos) {
            return false;
        }
        probeOut = true;
        return true;
    }

    private synchronized void markDown(long at) {
        down = true;
        downSince = at;
        probeOut = false;
    }

    private synchronized void markUp() {
        down = false;
        probeOut = false;
    }
}
