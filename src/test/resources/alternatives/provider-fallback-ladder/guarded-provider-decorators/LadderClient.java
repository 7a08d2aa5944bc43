package katas.providerfallbackladder;

import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.Rung;

import java.util.ArrayList;
import java.util.List;

/**
 * The ladder knows nothing of health: each rung's provider is wrapped once, at construction, in a
 * {@link GuardedProvider} decorator that skips it while it is down, and the ladder only walks the
 * decorators in order under the budget.
 */
public final class LadderClient implements FallbackLadder {
    private final LadderConfig config;
    private final Ticker ticker;
    private final List<GuardedProvider> rungs = new ArrayList<>();

    public LadderClient(LadderConfig config, Ticker ticker) {
        this.config = config;
        this.ticker = ticker;
        for (Rung rung : config.rungs()) {
            rungs.add(new GuardedProvider(rung, config.downTtl(), ticker));
        }
    }

    @Override
    public JobResult complete(Job job) {
        long deadline = ticker.read() + config.jobBudget().toNanos();
        for (GuardedProvider rung : rungs) {
            long left = deadline - ticker.read();
            if (left <= 0) {
                break;
            }
            GuardedProvider.Outcome outcome = rung.tryCall(job, left);
            if (outcome.result() != null) {
                return outcome.result();
            }
        }
        return JobResult.failed();
    }
}
