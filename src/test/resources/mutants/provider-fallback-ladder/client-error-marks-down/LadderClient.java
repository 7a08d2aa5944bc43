package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.ProviderReply;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The ladder with one health record per provider, shared by every worker of the process: a provider
 * that failed is skipped until downTtl has passed on the ticker; then exactly one job wins the probe
 * (a compare-and-set), and the others keep skipping until its answer is in.
 */
public final class LadderClient implements FallbackLadder {
    private final LadderConfig config;
    private final Ticker ticker;
    private final List<ProviderHealth> health = new ArrayList<>();

    public LadderClient(LadderConfig config, Ticker ticker) {
        this.config = config;
        this.ticker = ticker;
        for (int i = 0; i < config.rungs().size(); i++) {
            health.add(new ProviderHealth(config.downTtl().toNanos()));
        }
    }

    @Override
    public JobResult complete(Job job) {
        long start = ticker.read();
        long budget = config.jobBudget().toNanos();
        for (int i = 0; i < config.rungs().size(); i++) {
            Rung rung = config.rungs().get(i);
            long now = ticker.read();
            long left = budget - (now - start);
            if (left <= 0) {
                break;
            }
            ProviderHealth provider = health.get(i);
            if (!provider.mayCall(now)) {
                continue;
            }
            ProviderReply reply = rung.provider().call(job, Duration.ofNanos(Math.min(rung.timeout().toNanos(), left)));
            if (!reply.timedOut() && reply.status() >= 200 && reply.status() < 300) {
                provider.answered();
                return JobResult.completed(rung.provider().name(), reply.body());
            }
            if (!reply.timedOut() && reply.status() >= 400 && reply.status() < 500) {
                provider.failed(ticker.read());
                return JobResult.rejected(rung.provider().name());
            }
            provider.failed(ticker.read());
        }
        return JobResult.failed();
    }

    /** One provider's health as every worker sees it: up, or down since a tick, maybe with a probe out. */
    private static final class ProviderHealth {
        private static final Health UP = new Health(false, 0, false);
        private final long ttlNanos;
        private final AtomicReference<Health> state = new AtomicReference<>(UP);

        ProviderHealth(long ttlNanos) {
            this.ttlNanos = ttlNanos;
        }

        /** Up: call it. Down within the TTL, or probed by another job: skip it. Expired: one caller wins the probe. */
        boolean mayCall(long now) {
            while (true) {
                Health seen = state.get();
                if (!seen.down()) {
                    return true;
                }
                if (seen.probing() || now - seen.failedAt() < ttlNanos) {
                    return false;
                }
                if (state.compareAndSet(seen, new Health(true, seen.failedAt(), true))) {
                    return true;
                }
            }
        }

        void answered() {
            state.set(UP);
        }

        /** A failure, a probe's included, makes it down for a whole TTL from when the failure came back. */
        void failed(long at) {
            state.set(new Health(true, at, false));
        }
    }

    private record Health(boolean down, long failedAt, boolean probing) {
    }
}
