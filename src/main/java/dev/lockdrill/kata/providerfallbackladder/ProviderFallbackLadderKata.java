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


import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.CALLS_FIT_THE_JOB_BUDGET;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.CLIENT_ERRORS_SPARE_THE_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.DOWN_PROVIDER_SKIPPED_UNTIL_TTL;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.DOWN_STATE_EXPIRES;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.EACH_CALL_WITHIN_ITS_RUNG_TIMEOUT;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.EVERY_WORKER_SKIPS_A_DOWN_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.HEALTHY_RUNG_NEVER_SKIPPED;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.JOB_RESULT_MATCHES_THE_CALLS;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.providerfallbackladder.check.LadderInvariants.ONE_PROBE_AT_EXPIRY;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.ALL_DOWN;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.CLIENT_ERRORS;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.EXPIRY_STAMPEDE;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.FAIL_FAST_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.FLAPPING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.HANGING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.RECOVERING_PROVIDER;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.SHARED_BY_WORKERS;
import static dev.lockdrill.kata.providerfallbackladder.workload.ProviderFallbackLadderWorkload.SLOW_PROVIDER;

/** The provider-fallback-ladder kata: how its check plugs into the pipeline. */
public final class ProviderFallbackLadderKata extends DeclaredKata {
    public ProviderFallbackLadderKata() {
        super("provider-fallback-ladder", ProviderFallbackLadderWorkload.class, ProviderFallbackLadderWorkload.SCENARIOS);
    }

    /** The notes' story: a hung provider, and whether every job keeps paying its timeout. */
    @Override
    public String lessonScenario() {
        return HANGING_PROVIDER.name();
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
                        .judgedBy(JOB_RESULT_MATCHES_THE_CALLS, NO_UNEXPECTED_ERRORS)
                        .at(HANGING_PROVIDER, CLIENT_ERRORS, ALL_DOWN, FLAPPING_PROVIDER),
                Clause.of("C2", "every call is bounded", """
                        A call's timeout is positive and at most its rung's timeout.""")
                        .judgedBy(EACH_CALL_WITHIN_ITS_RUNG_TIMEOUT)
                        .at(HANGING_PROVIDER, ALL_DOWN),
                Clause.of("C3", "the job's budget", """
                        A job spends at most `jobBudget` on the ticker across all its rungs: each call's
                        timeout is at most what is left of the budget, and no rung is called once nothing is.""")
                        .judgedBy(CALLS_FIT_THE_JOB_BUDGET)
                        .at(ALL_DOWN),
                Clause.of("C4", "shared down state", """
                        A provider whose call failed (5xx or timeout) is down for `downTtl` on the ticker from
                        the moment the failure came back: no job calls it meanwhile, on whatever worker. The
                        state is recorded before the job that saw the failure returns.""")
                        .judgedBy(DOWN_PROVIDER_SKIPPED_UNTIL_TTL, EVERY_WORKER_SKIPS_A_DOWN_PROVIDER)
                        .at(HANGING_PROVIDER, SHARED_BY_WORKERS, FAIL_FAST_PROVIDER, FLAPPING_PROVIDER),
                Clause.of("C5", "expiry", """
                        Once `downTtl` has passed (at exactly `downTtl` it has), the next job to reach the
                        provider probes it; an answer (2xx or 4xx) makes it up, a failure makes it down for a
                        new TTL.""")
                        .judgedBy(DOWN_STATE_EXPIRES, DOWN_PROVIDER_SKIPPED_UNTIL_TTL)
                        .at(RECOVERING_PROVIDER, HANGING_PROVIDER, FAIL_FAST_PROVIDER, FLAPPING_PROVIDER),
                Clause.of("C6", "one probe, no stampede", """
                        Jobs that reach the provider while its probe is out skip it, without waiting for the
                        probe, however many arrive at the expiry tick together.""")
                        .judgedBy(ONE_PROBE_AT_EXPIRY)
                        .at(EXPIRY_STAMPEDE),
                Clause.of("C7", "never skip a healthy rung", """
                        A provider that is up is never skipped while the job has budget left; slow but within
                        its timeout is up; a 4xx is the job's fault and leaves it up.""")
                        .judgedBy(HEALTHY_RUNG_NEVER_SKIPPED, CLIENT_ERRORS_SPARE_THE_PROVIDER)
                        .at(SLOW_PROVIDER, CLIENT_ERRORS, RECOVERING_PROVIDER, FLAPPING_PROVIDER));
    }
}
