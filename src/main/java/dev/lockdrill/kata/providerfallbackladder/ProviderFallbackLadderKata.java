package dev.lockdrill.kata.providerfallbackladder;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants;
import dev.lockdrill.kata.providerfallbackladder.check.LadderMetrics;
import dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload;

import java.util.List;

import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.BUDGET;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.CLIENT_ERRORS_SPARE;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.EVERY_WORKER_SKIPS;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.EXPIRES;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.HEALTHY_NEVER_SKIPPED;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.NO_ERRORS;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.ONE_PROBE;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.RESULT;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.RUNG_TIMEOUT;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.SKIPPED_UNTIL_TTL;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.ALL_DOWN;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.CLIENT_ERRORS;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.EXPIRY_STAMPEDE;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.FAIL_FAST_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.FLAPPING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.HANGING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.RECOVERING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.SHARED_BY_WORKERS;
import static dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios.SLOW_PROVIDER;

/** The provider-fallback-ladder kata: how its check plugs into the pipeline. */
public final class ProviderFallbackLadderKata extends DeclaredKata {
    public ProviderFallbackLadderKata() {
        super("provider-fallback-ladder", ProviderFallbackLadderWorkload.class);
    }

    /** The notes' story: a hung provider, and whether every job keeps paying its timeout. */
    @Override
    public String lessonScenario() {
        return HANGING_PROVIDER;
    }

    @Override
    public List<Invariant> invariants() {
        return LadderInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LadderMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of expiry-stampede's 8 workers wins the probe, and how their other calls interleave");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Your ladder must honour every clause; the check names the invariant that judges each one.""",
                Clause.of("C1", "the ladder", """
                        Rungs are tried in order, each at most once per job; the first answer ends the ladder:
                        a 2xx completes the job with that provider's output (exactly as it answered), a 4xx
                        rejects it; when no rung answers, the job FAILS. `complete` never throws.""")
                        .judgedBy("job-result-matches-the-calls", "no-unexpected-errors")
                        .at("hanging-provider", "client-errors", "all-down", "flapping-provider"),
                Clause.of("C2", "every call is bounded", """
                        A call's timeout is positive and at most its rung's timeout.""")
                        .judgedBy("each-call-within-its-rung-timeout")
                        .at("hanging-provider", "all-down"),
                Clause.of("C3", "the job's budget", """
                        A job spends at most `jobBudget` on the ticker across all its rungs: each call's
                        timeout is at most what is left of the budget, and no rung is called once nothing is.""")
                        .judgedBy("calls-fit-the-job-budget")
                        .at("all-down"),
                Clause.of("C4", "shared down state", """
                        A provider whose call failed (5xx or timeout) is down for `downTtl` on the ticker from
                        the moment the failure came back: no job calls it meanwhile, on whatever worker. The
                        state is recorded before the job that saw the failure returns.""")
                        .judgedBy("down-provider-skipped-until-ttl", "every-worker-skips-a-down-provider")
                        .at("hanging-provider", "shared-by-workers", "fail-fast-provider", "flapping-provider"),
                Clause.of("C5", "expiry", """
                        Once `downTtl` has passed (at exactly `downTtl` it has), the next job to reach the
                        provider probes it; an answer (2xx or 4xx) makes it up, a failure makes it down for a
                        new TTL.""")
                        .judgedBy("down-state-expires", "down-provider-skipped-until-ttl")
                        .at("recovering-provider", "hanging-provider", "fail-fast-provider", "flapping-provider"),
                Clause.of("C6", "one probe, no stampede", """
                        Jobs that reach the provider while its probe is out skip it, without waiting for the
                        probe, however many arrive at the expiry tick together.""")
                        .judgedBy("one-probe-at-expiry")
                        .at("expiry-stampede"),
                Clause.of("C7", "never skip a healthy rung", """
                        A provider that is up is never skipped while the job has budget left; slow but within
                        its timeout is up; a 4xx is the job's fault and leaves it up.""")
                        .judgedBy("healthy-rung-never-skipped", "client-errors-spare-the-provider")
                        .at("slow-provider", "client-errors", "recovering-provider", "flapping-provider"));
    }
}
