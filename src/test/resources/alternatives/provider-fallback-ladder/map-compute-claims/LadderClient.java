package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.ProviderReply;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Down providers are entries of a map keyed by provider name (absent: up). The probe is claimed
 * inside ConcurrentHashMap.compute, which runs atomically per key: the one call that finds an
 * expired entry with no probe out marks it probing and wins; everything else skips.
 */
public final class LadderClient implements FallbackLadder {
    private record Down(long since, boolean probing) {
    }

    private final LadderConfig config;
    private final Ticker ticker;
    private final ConcurrentMap<String, Down> down = new ConcurrentHashMap<>();

    public LadderClient(LadderConfig config, Ticker ticker) {
        this.config = config;
        this.ticker = ticker;
    }

    @Override
    public JobResult complete(Job job) {
        long started = ticker.read();
        for (Rung rung : config.rungs()) {
            long now = ticker.read();
            long left = config.jobBudget().toNanos() - (now - started);
            if (left <= 0) {
                break;
            }
            String name = rung.provider().name();
            if (!claim(name, now)) {
                continue;
            }
            ProviderReply reply = rung.provider().call(job, Duration.ofNanos(Math.min(left, rung.timeout().toNanos())));
            if (reply.timedOut() || reply.status() >= 500) {
                down.put(name, new Down(ticker.read(), false));
                continue;
            }
            down.remove(name);
            if (reply.status() < 300) {
                return JobResult.completed(name, reply.body());
            }
            return JobResult.rejected(name);
        }
        return JobResult.failed();
    }

    /** True when this job may call the provider: it is up, or this job just won its probe. */
    private boolean claim(String name, long now) {
        boolean[] won = {false};
        down.compute(name, (key, entry) -> {
            if (entry == null) {
                won[0] = true;
                return null;
            }
            if (!entry.probing() && now - entry.since() >= config.downTtl().toNanos()) {
                won[0] = true;
                return new Down(entry.since(), true);
            }
            return entry;
        });
        return won[0];
    }
}
