package dev.lockdrill.kata.redlock;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.redlock.check.RedlockInvariants;
import dev.lockdrill.kata.redlock.check.RedlockMetrics;
import dev.lockdrill.kata.redlock.workload.DbVsRedlockWorkload;
import dev.lockdrill.kata.redlock.workload.RedlockWorkload;

import java.util.List;

/**
 * The redlock kata: Redlock on five real Redis nodes, and why a token drawn beside it does not fence:
 * the grant must be ordered by something linearizable (the resource's own database) for its token to.
 */
public final class RedlockKata extends DeclaredKata {
    public RedlockKata() {
        super("redlock", RedlockWorkload.class, Needs.POSTGRES, Needs.REDIS);
    }

    /** The workload of `lockdrill lab db-vs-redlock`: both lock services' references under one fault schedule. */
    public static Class<? extends Workload> labWorkload() {
        return DbVsRedlockWorkload.class;
    }

    /** A holder paused past its validity while another acquires: what no lock, Redlock included, can stop without a fence. */
    @Override
    public String lessonScenario() {
        return "paused-holder";
    }

    @Override
    public List<Invariant> invariants() {
        return RedlockInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new RedlockMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("how long paused-holder's pause lasts (until w-a's keys have expired on every node)",
                "the acquire times, and so the validity left, in slow-node and unreachable-node",
                "whether racing-clients' planned order reaches every node within its 600 ms cap",
                "how long paused-before-token and token-reply-held hold w-a (until its keys expired on every node)");
    }

    @Override
    public Contract contract() {
        return Contract.of("",
                Clause.of("C1", """
                        `acquire` returns a lease only when a majority (3 of 5) of the nodes hold its value as
                        it returns. (A node that restarts empty, or whose TTL is cut, while `acquire` runs may
                        take the value after you counted it; no client can stop that, so such a grant is not
                        judged here — the fence at the resource, C7, is what keeps it harmless.)""")
                        .judgedBy("majority-before-holding", "one-valid-lease-while-nodes-healthy")
                        .at("minority-free", "racing-clients", "restart-before-token"),
                Clause.of("C2", """
                        A lease's validity is at most TTL − the time from its first SET to `acquire`'s
                        *return* − drift (drift ≥ 1 % of the TTL): a token or grant taken after the majority,
                        and any pause before or during it, come out of it.""")
                        .judgedBy("validity-reduced-by-elapsed-and-drift")
                        .at("slow-node", "handover", "paused-before-token", "token-reply-held"),
                Clause.of("C3", """
                        An acquire that gives up unlocks every node it may have set (a node may have set the
                        key although its reply was lost).""")
                        .judgedBy("failed-acquisition-unlocks-every-node")
                        .at("minority-free", "racing-clients"),
                Clause.of("C4", """
                        `release` deletes the lease's own value on every node and never another holder's, even
                        when the key changes hands between two of its own commands on a node
                        (compare-and-delete in one command).""")
                        .judgedBy("release-never-deletes-another-holders-value", "release-frees-every-node")
                        .at("late-release", "release-interleaved", "node-restart", "ttl-cut", "handover"),
                Clause.of("C5", """
                        Every acquisition uses a new random value (never one per process, never a constant).""")
                        .judgedBy("lock-values-unique")
                        .at("handover"),
                Clause.of("C6", """
                        When a majority is free and reachable and no other lease is live, `acquire` returns a
                        lease; while a node is slow or never answers, it returns within half the TTL: such a
                        node costs only the per-node timeout, which is much smaller than the TTL.""")
                        .judgedBy("available-lock-acquired-promptly")
                        .at("unreachable-node", "slow-node", "handover", "minority-free"),
                Clause.of("C7", """
                        (part two) The token comes with a grant that something linearizable orders, and the
                        resource refuses a lower token: a holder paused after its majority (before or while
                        taking its token), paused inside its critical section, or whose majority a restart or
                        a clock jump broke, never overrides a newer holder.""")
                        .judgedBy("stale-holder-fenced-at-resource", "majority-before-holding")
                        .at("paused-holder", "paused-before-token", "token-reply-held", "restart-before-token",
                                "node-restart", "ttl-cut", "handover"),
                Clause.of("C8", """
                        `acquire`, `release` and `write` do not throw because a node failed or was
                        unreachable. One instance is one client process; the harness calls it from one thread
                        at a time.""")
                        .judgedBy("no-unexpected-errors")
                        .at("unreachable-node", "node-restart"));
    }

    @Override
    public int lanes() {
        return RedlockWorkload.LANES.size();
    }
}
