package dev.lockdrill.kata.leaseclaim;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants;
import dev.lockdrill.kata.leaseclaim.check.LeaseMetrics;
import dev.lockdrill.kata.leaseclaim.protocol.PooledScenarios;
import dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload;

import java.util.List;

import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.ATTEMPTS_COUNT_CLAIMS;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.CLAIMS_MATCH_STORAGE;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.COMPLETIONS_MATCH_STORAGE;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.CRASHED_CLAIMS_RECLAIMED;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.EVERY_ROW_FINISHED;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.HOLDS_THROUGH_POOLER;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.LEASES_AS_ASKED;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.LEASES_NEVER_OVERLAP;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.leaseclaim.check.LeaseClaimInvariants.ONLY_LEASE_HOLDER_WRITES;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.CLAIM_BOUNDS;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.CLAIM_HAMMER;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.CONTENDED_ROW;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.PAUSED_PAST_LEASE;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.POOLED_STALLED_CLAIM;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.RENEWED_THEN_CRASHED;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.REPLY_LOST;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.RESTARTED_WORKER;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.SKEWED_CLOCK;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.STALLED_CLAIM;
import static dev.lockdrill.kata.leaseclaim.workload.LeaseClaimWorkload.TEN_WORKERS;

/** The lease-claim kata: how its check plugs into the pipeline. */
public final class LeaseClaimKata extends DeclaredKata {
    public LeaseClaimKata() {
        super("lease-claim", LeaseClaimWorkload.class, LeaseClaimWorkload.SCENARIOS, Needs.POSTGRES, Needs.POOLER);
    }

    /** A worker paused past its lease while another claims the row: the stale complete the token must refuse. */
    @Override
    public String lessonScenario() {
        return PAUSED_PAST_LEASE.name();
    }

    @Override
    public List<Invariant> invariants() {
        return LeaseClaimInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LeaseMetrics(LeaseClaimWorkload.TEN_WORKERS);
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of claim-hammer's eight workers gets each row when the flag flips",
                "how ten-workers' ten drainers share the 200 rows, and their 5 ms polls",
                "how many polls the takeover takes in paused-past-lease, restarted-worker and renewed-then-crashed");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Your queue is used by many workers at once, each its own process with its own instance (and
                its own, possibly wrong, clock); every method may be called concurrently with every other.""",
                Clause.of("C1", """
                        `claim()` leases only due rows, atomically: a row has at most one live lease at any
                        database instant, and a finished row is never leased again.""")
                        .judgedBy(LEASES_NEVER_OVERLAP, CLAIMS_MATCH_STORAGE)
                        .at(CONTENDED_ROW, STALLED_CLAIM, CLAIM_HAMMER, TEN_WORKERS),
                Clause.of("C2", """
                        A lease is the one asked for, in database time: claim and extend set it to end one
                        lease (the constructor's `Duration`) after the database's *now* — not the process
                        clock, not the old expiry plus a lease, not the lease in another unit.""")
                        .judgedBy(LEASES_AS_ASKED, LEASES_NEVER_OVERLAP)
                        .at(SKEWED_CLOCK, PAUSED_PAST_LEASE, RENEWED_THEN_CRASHED, TEN_WORKERS),
                Clause.of("C3", """
                        `claim()` returns exactly the rows and tokens it leased, never more than `max` of them
                        (ids are `bigint`: they pass 2^32); each claim adds one attempt. A claim whose reply
                        was lost throws; it never returns fewer rows than it leased.""")
                        .judgedBy(CLAIMS_MATCH_STORAGE, ATTEMPTS_COUNT_CLAIMS)
                        .at(STALLED_CLAIM, CLAIM_HAMMER, TEN_WORKERS, CLAIM_BOUNDS, REPLY_LOST),
                Clause.of("C4", """
                        `complete()` and `extend()` change a row only under its current lease token and only
                        while it is unfinished. A stale token — even one held by a worker with the same name —
                        or a finished row (`done` or `failed`, whichever came first) changes nothing and
                        answers `false`; the answer is always what the table did. An unknown outcome (the
                        reply lost after the table changed) throws, or is found out; it is never answered
                        `false`.""")
                        .judgedBy(ONLY_LEASE_HOLDER_WRITES, COMPLETIONS_MATCH_STORAGE)
                        .at(PAUSED_PAST_LEASE, RESTARTED_WORKER, CLAIM_BOUNDS, REPLY_LOST),
                Clause.of("C5", """
                        Nothing is lost: a crashed worker's rows are claimed again once their last lease ran
                        out (not before), and every row ends `done` or `failed`.""")
                        .judgedBy(CRASHED_CLAIMS_RECLAIMED, EVERY_ROW_FINISHED)
                        .at(RENEWED_THEN_CRASHED, TEN_WORKERS),
                Clause.of("C6", """
                        No call throws unless a fault hit its caller.""")
                        .judgedBy(NO_UNEXPECTED_ERRORS)
                        .at(PAUSED_PAST_LEASE, CONTENDED_ROW, STALLED_CLAIM, SKEWED_CLOCK,
                                RESTARTED_WORKER, RENEWED_THEN_CRASHED, CLAIM_HAMMER, TEN_WORKERS,
                                CLAIM_BOUNDS, REPLY_LOST),
                Clause.of("C7", """
                        No claim state lives in a session: C1–C6 hold when your `DataSource` goes through
                        PgBouncer in transaction mode, where each transaction may run on any server session
                        and a session's advisory locks and `SET`s are there for whichever client's transaction
                        comes next.""")
                        .judgedBy(HOLDS_THROUGH_POOLER)
                        .at(POOLED_STALLED_CLAIM)
                        .note("`holds-through-pooler` is C1–C6's invariants over pooled-stalled-claim; it is *not "
                                + "exercised*, with the reason, when PgBouncer is not installed."));
    }

    @Override
    public int lanes() {
        return LeaseClaimWorkload.LANES.size();
    }

    @Override
    public int peakConnections(int lanes) {
        return 9 + 3 * lanes; // measured: 23, 27 and 34 for two processes of 1, 2 and 3 lanes
    }
}
