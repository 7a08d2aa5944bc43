package dev.lockdrill.kata.redlock;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.kata.Clause;
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
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "acquire returns a lease only when a majority (3 of 5) of the nodes hold its value as it "
                        + "returns (a grant a node restart or a TTL cut overlapped is not judged: the fence is what "
                        + "covers it)",
                        List.of("majority-before-holding", "one-valid-lease-while-nodes-healthy"),
                        List.of("minority-free", "racing-clients", "restart-before-token")),
                new Clause("C2", "validity = TTL − time from the first SET to acquire's return (a token or grant taken "
                        + "after the majority, and any pause, included) − drift (at least 1 % of the TTL)",
                        List.of("validity-reduced-by-elapsed-and-drift"),
                        List.of("slow-node", "handover", "paused-before-token", "token-reply-held")),
                new Clause("C3", "an acquire that fails unlocks every node it may have set",
                        List.of("failed-acquisition-unlocks-every-node"), List.of("minority-free", "racing-clients")),
                new Clause("C4", "release deletes the lease's own value on every node and never another holder's, even "
                        + "when the key changes hands between two of its commands",
                        List.of("release-never-deletes-another-holders-value", "release-frees-every-node"),
                        List.of("late-release", "release-interleaved", "node-restart", "ttl-cut", "handover")),
                new Clause("C5", "every acquisition uses a new random value",
                        List.of("lock-values-unique"), List.of("handover")),
                new Clause("C6", "with a majority free and reachable and no other lease live, acquire returns a lease; "
                        + "while a node is slow or unreachable, within half the TTL: the per-node timeout is much smaller "
                        + "than the TTL",
                        List.of("available-lock-acquired-promptly"),
                        List.of("unreachable-node", "slow-node", "handover", "minority-free")),
                new Clause("C7", "part two: the token comes with a grant something linearizable orders (the resource's "
                        + "database grants its lease only when the last one ended, and draws the token in the same step), "
                        + "and the resource refuses a lower token: a holder paused after its majority, before or while "
                        + "taking its token, or inside its critical section, or whose majority a restart or a clock jump "
                        + "broke, never overrides a newer holder",
                        List.of("stale-holder-fenced-at-resource", "majority-before-holding"),
                        List.of("paused-holder", "paused-before-token", "token-reply-held", "restart-before-token",
                                "node-restart", "ttl-cut", "handover")),
                new Clause("C8", "acquire, release and write never throw because a node failed",
                        List.of("no-unexpected-errors"), List.of("unreachable-node", "node-restart")));
    }

    @Override
    public int lanes() {
        return RedlockWorkload.LANES.size();
    }
}
