package dev.lockdrill.kata.providerfallbackladder;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
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
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "Rungs are tried in order, each at most once per job; the first answer ends the "
                        + "ladder: a 2xx completes the job with that provider's output, a 4xx rejects it; when no rung "
                        + "answers the job FAILS. complete never throws.",
                        List.of(RESULT, NO_ERRORS),
                        List.of(HANGING_PROVIDER, CLIENT_ERRORS, ALL_DOWN, FLAPPING_PROVIDER)),
                new Clause("C2", "Every call is bounded: its timeout is positive and at most its rung's.",
                        List.of(RUNG_TIMEOUT), List.of(HANGING_PROVIDER, ALL_DOWN)),
                new Clause("C3", "A job spends at most jobBudget on the ticker across all rungs: each call's timeout is "
                        + "at most what is left, and no rung is called once nothing is.",
                        List.of(BUDGET), List.of(ALL_DOWN)),
                new Clause("C4", "A provider whose call failed (5xx or timeout) is down for downTtl on the ticker from "
                        + "the moment the failure came back: no job calls it meanwhile, on whatever worker; the state "
                        + "is recorded before the job that saw the failure returns.",
                        List.of(SKIPPED_UNTIL_TTL, EVERY_WORKER_SKIPS),
                        List.of(HANGING_PROVIDER, SHARED_BY_WORKERS, FAIL_FAST_PROVIDER, FLAPPING_PROVIDER)),
                new Clause("C5", "Once downTtl has passed, the next job to reach the provider probes it; an answer "
                        + "(2xx or 4xx) makes it up, a failure makes it down for a new TTL.",
                        List.of(EXPIRES, SKIPPED_UNTIL_TTL),
                        List.of(RECOVERING_PROVIDER, HANGING_PROVIDER, FAIL_FAST_PROVIDER, FLAPPING_PROVIDER)),
                new Clause("C6", "One probe per expiry: jobs that reach the provider while its probe is out skip it, "
                        + "without waiting for the probe, however many arrive at the expiry tick together.",
                        List.of(ONE_PROBE), List.of(EXPIRY_STAMPEDE)),
                new Clause("C7", "A provider that is up is never skipped while the job has budget left; slow but "
                        + "within its timeout is up; a 4xx is the job's fault and leaves the provider up.",
                        List.of(HEALTHY_NEVER_SKIPPED, CLIENT_ERRORS_SPARE),
                        List.of(SLOW_PROVIDER, CLIENT_ERRORS, RECOVERING_PROVIDER, FLAPPING_PROVIDER)));
    }
}
