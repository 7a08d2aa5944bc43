package dev.lockdrill.kata.leaseclaim;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
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
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "claim() leases only due rows, atomically, from any number of workers at once: a row "
                        + "has at most one live lease at any database instant and is never leased once finished",
                        List.of("leases-never-overlap", "claims-match-storage"),
                        List.of("contended-row", "stalled-claim", "claim-hammer", "ten-workers")),
                new Clause("C2", "a lease is the one asked for, in database time: claim and extend set it to end one "
                        + "lease after the database's now (not the process's clock, not the old expiry plus a lease, "
                        + "not in another unit)",
                        List.of("leases-as-asked", "leases-never-overlap"),
                        List.of("skewed-clock", "paused-past-lease", "renewed-then-crashed", "ten-workers")),
                new Clause("C3", "claim() returns exactly the rows and tokens it leased, never more than max (ids are "
                        + "bigint, past 2^32 too), and each claim adds one attempt; a claim whose reply was lost "
                        + "throws, it never returns fewer rows than it leased",
                        List.of("claims-match-storage", "attempts-count-claims"),
                        List.of("stalled-claim", "claim-hammer", "ten-workers", "claim-bounds", "reply-lost")),
                new Clause("C4", "complete() and extend() change the row only under its current lease token and only "
                        + "while it is unfinished; a stale token (even of a worker with the same name) or a finished "
                        + "row (done or failed, whichever came first) changes nothing and answers false; the answer is "
                        + "what the table did, and an unknown outcome (the reply lost after the table changed) "
                        + "throws or is found out, never answers false",
                        List.of("only-lease-holder-writes", "completions-match-storage"),
                        List.of("paused-past-lease", "restarted-worker", "claim-bounds", "reply-lost")),
                new Clause("C5", "nothing is lost: a crashed worker's rows are claimed again once their last lease ran "
                        + "out, not before, and every row ends done or failed",
                        List.of("crashed-claims-reclaimed", "every-row-finished"),
                        List.of("renewed-then-crashed", "ten-workers")),
                new Clause("C6", "claim, complete and extend answer without an error when no fault hit their caller",
                        List.of("no-unexpected-errors"),
                        List.of("paused-past-lease", "contended-row", "stalled-claim", "skewed-clock",
                                "restarted-worker", "renewed-then-crashed", "claim-hammer", "ten-workers", "claim-bounds",
                                "reply-lost")),
                new Clause("C7", "no claim state lives in a session: C1-C6 hold with the workers' DataSources going "
                        + "through PgBouncer in transaction mode", List.of("holds-through-pooler"),
                        List.of(PooledScenarios.STALLED_CLAIM)));
    }

    @Override
    public int lanes() {
        return LeaseClaimWorkload.LANES.size();
    }
}
