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

/** The lease-claim kata: how its check plugs into the pipeline. */
public final class LeaseClaimKata extends DeclaredKata {
    public LeaseClaimKata() {
        super("lease-claim", LeaseClaimWorkload.class, Needs.POSTGRES, Needs.POOLER);
    }

    /** A worker paused past its lease while another claims the row: the stale complete the token must refuse. */
    @Override
    public String lessonScenario() {
        return "paused-past-lease";
    }

    @Override
    public List<Invariant> invariants() {
        return LeaseClaimInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LeaseMetrics();
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
                        .judgedBy("leases-never-overlap", "claims-match-storage")
                        .at("contended-row", "stalled-claim", "claim-hammer", "ten-workers"),
                Clause.of("C2", """
                        A lease is the one asked for, in database time: claim and extend set it to end one
                        lease (the constructor's `Duration`) after the database's *now* — not the process
                        clock, not the old expiry plus a lease, not the lease in another unit.""")
                        .judgedBy("leases-as-asked", "leases-never-overlap")
                        .at("skewed-clock", "paused-past-lease", "renewed-then-crashed", "ten-workers"),
                Clause.of("C3", """
                        `claim()` returns exactly the rows and tokens it leased, never more than `max` of them
                        (ids are `bigint`: they pass 2^32); each claim adds one attempt. A claim whose reply
                        was lost throws; it never returns fewer rows than it leased.""")
                        .judgedBy("claims-match-storage", "attempts-count-claims")
                        .at("stalled-claim", "claim-hammer", "ten-workers", "claim-bounds", "reply-lost"),
                Clause.of("C4", """
                        `complete()` and `extend()` change a row only under its current lease token and only
                        while it is unfinished. A stale token — even one held by a worker with the same name —
                        or a finished row (`done` or `failed`, whichever came first) changes nothing and
                        answers `false`; the answer is always what the table did. An unknown outcome (the
                        reply lost after the table changed) throws, or is found out; it is never answered
                        `false`.""")
                        .judgedBy("only-lease-holder-writes", "completions-match-storage")
                        .at("paused-past-lease", "restarted-worker", "claim-bounds", "reply-lost"),
                Clause.of("C5", """
                        Nothing is lost: a crashed worker's rows are claimed again once their last lease ran
                        out (not before), and every row ends `done` or `failed`.""")
                        .judgedBy("crashed-claims-reclaimed", "every-row-finished")
                        .at("renewed-then-crashed", "ten-workers"),
                Clause.of("C6", """
                        No call throws unless a fault hit its caller.""")
                        .judgedBy("no-unexpected-errors")
                        .at("paused-past-lease", "contended-row", "stalled-claim", "skewed-clock",
                                "restarted-worker", "renewed-then-crashed", "claim-hammer", "ten-workers",
                                "claim-bounds", "reply-lost"),
                Clause.of("C7", """
                        No claim state lives in a session: C1–C6 hold when your `DataSource` goes through
                        PgBouncer in transaction mode, where each transaction may run on any server session
                        and a session's advisory locks and `SET`s are there for whichever client's transaction
                        comes next.""")
                        .judgedBy("holds-through-pooler")
                        .at("pooled-stalled-claim")
                        .note("`holds-through-pooler` is C1–C6's invariants over pooled-stalled-claim; it is *not "
                                + "exercised*, with the reason, when PgBouncer is not installed."));
    }

    @Override
    public int lanes() {
        return LeaseClaimWorkload.LANES.size();
    }
}
