package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.ProviderReply;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;

/**
 * The ladder as the study notes found it: every job tries the providers in order and remembers
 * nothing, so every job pays a dead provider's whole timeout. Run
 * `lockdrill check provider-fallback-ladder` to see how many jobs paid it.
 */
public final class LadderClient implements FallbackLadder {
    private final LadderConfig config;
    private final Ticker ticker;

    public LadderClient(LadderConfig config, Ticker ticker) {
        this.config = config;
        this.ticker = ticker;
    }

    @Override
    public JobResult complete(Job job) {
        // TODO: keep one health record per provider, shared by every worker: a provider whose call failed
        //       (5xx or timeout) is skipped until downTtl has passed on the ticker, then exactly one job probes it.
        // TODO: a 4xx is the job's fault, not the provider's; and the whole job must fit in jobBudget.
        for (Rung rung : config.rungs()) {
            ProviderReply reply = rung.provider().call(job, rung.timeout());
            if (!reply.timedOut() && reply.status() >= 200 && reply.status() < 300) {
                return JobResult.completed(rung.provider().name(), reply.body());
            }
            if (!reply.timedOut() && reply.status() >= 400 && reply.status() < 500) {
                return JobResult.rejected(rung.provider().name());
            }
        }
        return JobResult.failed();
    }
}
