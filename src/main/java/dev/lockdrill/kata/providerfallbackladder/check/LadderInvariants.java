package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Kind;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Situation;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderOp;

import java.util.List;

/** Every invariant of the provider-fallback-ladder kata, in the order they are reported. */
public final class LadderInvariants {
    public static final String SKIPPED_UNTIL_TTL = "down-provider-skipped-until-ttl";
    public static final String EVERY_WORKER_SKIPS = "every-worker-skips-a-down-provider";
    public static final String EXPIRES = "down-state-expires";
    public static final String ONE_PROBE = "one-probe-at-expiry";
    public static final String HEALTHY_NEVER_SKIPPED = "healthy-rung-never-skipped";
    public static final String CLIENT_ERRORS_SPARE = "client-errors-spare-the-provider";
    public static final String RUNG_TIMEOUT = "each-call-within-its-rung-timeout";
    public static final String BUDGET = "calls-fit-the-job-budget";
    public static final String RESULT = "job-result-matches-the-calls";
    public static final String NO_ERRORS = "no-unexpected-errors";

    private LadderInvariants() {
    }

    public static final Invariant DOWN_PROVIDER_SKIPPED_UNTIL_TTL = new JudgedInvariant(SKIPPED_UNTIL_TTL,
            "a worker that saw a provider fail (5xx or timeout) does not call it again until downTtl has "
                    + "passed on the ticker since the failure came back",
            Kind.CALLED_WHILE_DOWN_SAME_WORKER, Situation.DOWN_SAME_WORKER,
            "no worker came back to a provider it had seen fail within the TTL");
    public static final Invariant EVERY_WORKER_SKIPS_A_DOWN_PROVIDER = new JudgedInvariant(EVERY_WORKER_SKIPS,
            "a provider one worker saw fail is skipped by every other worker of the process until the "
                    + "TTL has passed: the down state is shared, not per worker",
            Kind.CALLED_WHILE_DOWN_OTHER_WORKER, Situation.DOWN_OTHER_WORKER,
            "no worker reached a provider another worker had seen fail within the TTL");
    public static final Invariant DOWN_STATE_EXPIRES = new JudgedInvariant(EXPIRES,
            "once the TTL has passed, the next job that reaches the provider probes it (unless another "
                    + "job's probe is out): a down state expires",
            Kind.EXPIRED_SKIPPED, Situation.EXPIRED, "no job reached a provider whose down state had expired");
    public static final Invariant ONE_PROBE_AT_EXPIRY = new JudgedInvariant(ONE_PROBE,
            "at expiry exactly one job probes the provider; others that arrive while the probe is out "
                    + "skip it (no stampede)",
            Kind.STAMPEDE, Situation.EXPIRY_TOGETHER,
            "no two jobs reached a provider's expired down state at once");
    public static final Invariant HEALTHY_RUNG_NEVER_SKIPPED = new JudgedInvariant(HEALTHY_NEVER_SKIPPED,
            "a job with budget left calls every rung it reaches whose provider is up",
            Kind.HEALTHY_SKIPPED, Situation.HEALTHY, "no job reached a provider that was up");
    public static final Invariant CLIENT_ERRORS_SPARE_THE_PROVIDER = new JudgedInvariant(CLIENT_ERRORS_SPARE,
            "a 4xx is the job's fault: it does not make the provider down, so the next job still calls it",
            Kind.SPARED_SKIPPED, Situation.AFTER_CLIENT_ERROR,
            "no job reached a provider whose last reply was a 4xx");
    public static final Invariant EACH_CALL_WITHIN_ITS_RUNG_TIMEOUT = new JudgedInvariant(RUNG_TIMEOUT,
            "every provider call is bounded by a positive timeout no longer than its rung's",
            Kind.TIMEOUT_OVER_RUNG, Situation.CALLED, "no provider was called");
    public static final Invariant CALLS_FIT_THE_JOB_BUDGET = new JudgedInvariant(BUDGET,
            "every call's timeout fits in what is left of the job's budget, so no job runs past it",
            Kind.OVER_BUDGET, Situation.BUDGET_BINDS,
            "no job reached a rung with less budget left than the rung's timeout");
    public static final Invariant JOB_RESULT_MATCHES_THE_CALLS = new JudgedInvariant(RESULT,
            "a job tries rungs in order, each at most once, stops at the first answer, and returns what "
                    + "that answer says (COMPLETED with its output, REJECTED on a 4xx, else FAILED)",
            Kind.RESULT, Situation.ANSWERED, "no job returned");
    public static final Invariant NO_UNEXPECTED_ERRORS = new NoUnexpectedErrors("complete(job) never throws", op -> op.is(LadderOp.JOB),
            op -> op.scenario() + ": " + op.worker() + " complete: " + op.error());

    public static List<Invariant> all() {
        return List.of(DOWN_PROVIDER_SKIPPED_UNTIL_TTL, EVERY_WORKER_SKIPS_A_DOWN_PROVIDER, DOWN_STATE_EXPIRES,
                ONE_PROBE_AT_EXPIRY, HEALTHY_RUNG_NEVER_SKIPPED, CLIENT_ERRORS_SPARE_THE_PROVIDER,
                EACH_CALL_WITHIN_ITS_RUNG_TIMEOUT, CALLS_FIT_THE_JOB_BUDGET, JOB_RESULT_MATCHES_THE_CALLS,
                NO_UNEXPECTED_ERRORS);
    }
}
