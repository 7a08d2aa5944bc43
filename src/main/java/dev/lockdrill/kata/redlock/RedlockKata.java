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

import static dev.lockdrill.kata.redlock.check.RedlockInvariants.AVAILABLE_LOCK_ACQUIRED_PROMPTLY;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.FAILED_ACQUISITION_UNLOCKS_EVERY_NODE;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.LOCK_VALUES_UNIQUE;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.MAJORITY_BEFORE_HOLDING;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.ONE_VALID_LEASE_WHILE_NODES_HEALTHY;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.RELEASE_FREES_EVERY_NODE;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.RELEASE_NEVER_DELETES_ANOTHER_HOLDERS_VALUE;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.STALE_HOLDER_FENCED_AT_RESOURCE;
import static dev.lockdrill.kata.redlock.check.RedlockInvariants.VALIDITY_REDUCED_BY_ELAPSED_AND_DRIFT;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.HANDOVER;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.LATE_RELEASE;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.MINORITY_FREE;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.NODE_RESTART;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.PAUSED_BEFORE_TOKEN;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.PAUSED_HOLDER;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.RACING_CLIENTS;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.RELEASE_INTERLEAVED;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.RESTART_BEFORE_TOKEN;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.SLOW_NODE;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.TOKEN_REPLY_HELD;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.TTL_CUT;
import static dev.lockdrill.kata.redlock.workload.RedlockWorkload.UNREACHABLE_NODE;

/**
 * The redlock kata: Redlock on five real Redis nodes, and why a token drawn beside it does not fence:
 * the grant must be ordered by something linearizable (the resource's own database) for its token to.
 */
public final class RedlockKata extends DeclaredKata {
    public RedlockKata() {
        super("redlock", RedlockWorkload.class, RedlockWorkload.SCENARIOS, Needs.POSTGRES, Needs.REDIS);
    }

    /** The workload of `lockdrill lab db-vs-redlock`: both lock services' references under one fault schedule. */
    public static Class<? extends Workload> labWorkload() {
        return DbVsRedlockWorkload.class;
    }

    /** A holder paused past its validity while another acquires: what no lock, Redlock included, can stop without a fence. */
    @Override
    public String lessonScenario() {
        return PAUSED_HOLDER.name();
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
                        .judgedBy(MAJORITY_BEFORE_HOLDING, ONE_VALID_LEASE_WHILE_NODES_HEALTHY)
                        .at(MINORITY_FREE, RACING_CLIENTS, RESTART_BEFORE_TOKEN),
                Clause.of("C2", """
                        A lease's validity is at most TTL − the time from its first SET to `acquire`'s
                        *return* − drift (drift ≥ 1 % of the TTL): a token or grant taken after the majority,
                        and any pause before or during it, come out of it.""")
                        .judgedBy(VALIDITY_REDUCED_BY_ELAPSED_AND_DRIFT)
                        .at(SLOW_NODE, HANDOVER, PAUSED_BEFORE_TOKEN, TOKEN_REPLY_HELD),
                Clause.of("C3", """
                        An acquire that gives up unlocks every node it may have set (a node may have set the
                        key although its reply was lost).""")
                        .judgedBy(FAILED_ACQUISITION_UNLOCKS_EVERY_NODE)
                        .at(MINORITY_FREE, RACING_CLIENTS),
                Clause.of("C4", """
                        `release` deletes the lease's own value on every node and never another holder's, even
                        when the key changes hands between two of its own commands on a node
                        (compare-and-delete in one command).""")
                        .judgedBy(RELEASE_NEVER_DELETES_ANOTHER_HOLDERS_VALUE, RELEASE_FREES_EVERY_NODE)
                        .at(LATE_RELEASE, RELEASE_INTERLEAVED, NODE_RESTART, TTL_CUT, HANDOVER),
                Clause.of("C5", """
                        Every acquisition uses a new random value (never one per process, never a constant).""")
                        .judgedBy(LOCK_VALUES_UNIQUE)
                        .at(HANDOVER),
                Clause.of("C6", """
                        When a majority is free and reachable and no other lease is live, `acquire` returns a
                        lease; while a node is slow or never answers, it returns within half the TTL: such a
                        node costs only the per-node timeout, which is much smaller than the TTL.""")
                        .judgedBy(AVAILABLE_LOCK_ACQUIRED_PROMPTLY)
                        .at(UNREACHABLE_NODE, SLOW_NODE, HANDOVER, MINORITY_FREE),
                Clause.of("C7", """
                        (part two) The token comes with a grant that something linearizable orders, and the
                        resource refuses a lower token: a holder paused after its majority (before or while
                        taking its token), paused inside its critical section, or whose majority a restart or
                        a clock jump broke, never overrides a newer holder.""")
                        .judgedBy(STALE_HOLDER_FENCED_AT_RESOURCE, MAJORITY_BEFORE_HOLDING)
                        .at(PAUSED_HOLDER, PAUSED_BEFORE_TOKEN, TOKEN_REPLY_HELD, RESTART_BEFORE_TOKEN,
                                NODE_RESTART, TTL_CUT, HANDOVER),
                Clause.of("C8", """
                        `acquire`, `release` and `write` do not throw because a node failed or was
                        unreachable. One instance is one client process; the harness calls it from one thread
                        at a time.""")
                        .judgedBy(NO_UNEXPECTED_ERRORS)
                        .at(UNREACHABLE_NODE, NODE_RESTART));
    }

    @Override
    public int lanes() {
        return RedlockWorkload.LANES.size();
    }

    @Override
    public int peakConnections(int lanes) {
        return 1 + 3 * lanes; // measured: 7, 13 and 19 for two processes of 1, 2 and 3 lanes
    }
}
