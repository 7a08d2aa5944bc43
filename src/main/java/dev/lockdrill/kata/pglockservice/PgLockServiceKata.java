package dev.lockdrill.kata.pglockservice;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.pglockservice.check.LockServiceInvariants;
import dev.lockdrill.kata.pglockservice.check.LockServiceMetrics;
import dev.lockdrill.kata.pglockservice.protocol.PooledScenarios;
import dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload;

import java.util.List;

/** The pg-lock-service kata: how its check plugs into the pipeline. */
public final class PgLockServiceKata extends DeclaredKata {
    public PgLockServiceKata() {
        super("pg-lock-service", LockServiceWorkload.class, Needs.POSTGRES, Needs.POOLER);
    }

    /** A holder paused past its TTL while another takes the lock: the stale holder the token must fence. */
    @Override
    public String lessonScenario() {
        return "paused-past-ttl";
    }

    @Override
    public List<Invariant> invariants() {
        return LockServiceInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LockServiceMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of contenders' four processes wins each turn, and its 1 ms retries",
                "how many retries worker-2's takeover takes in paused-past-ttl (20 ms) and renew-then-stop (25 ms)");
    }

    @Override
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "at most one live lease per name at any instant of the database's clock, for the "
                        + "TTL the caller asked (a renew: from the renew, longer or shorter than what was left)",
                        List.of("one-live-holder"), List.of("handover", "paused-past-ttl", "renew-then-stop",
                        "renew-lengths", "clock-jump", "killed-lock-session", "contenders")),
                new Clause("C2", "a lock whose leases all expired or were released can be taken, whatever the "
                        + "caller's clock says, and a renew asking less than was left frees it that much sooner",
                        List.of("expired-lease-reacquirable"),
                        List.of("paused-past-ttl", "renew-then-stop", "renew-lengths", "clock-jump", "handover")),
                new Clause("C3", "tokens strictly increase in the order grants take effect, beyond 2^31 too",
                        List.of("tokens-strictly-increase"),
                        List.of("stalled-acquire", "contenders", "renew-then-stop", "handover")),
                new Clause("C4", "a superseded or released lease can neither renew nor release",
                        List.of("only-current-token-renews-or-releases"),
                        List.of("handover", "paused-past-ttl", "renew-then-stop", "clock-jump")),
                new Clause("C5", "the current lease renews and releases while it is certainly live",
                        List.of("current-lease-renews-and-releases"),
                        List.of("handover", "renew-then-stop", "renew-lengths", "killed-lock-session", "clock-jump")),
                new Clause("C6", "the token fences a stale holder off the protected resource",
                        List.of("stale-holder-fenced"),
                        List.of("paused-past-ttl", "stalled-acquire", "killed-lock-session")),
                new Clause("C7", "calls answer instead of throwing, from many threads and processes at once",
                        List.of("no-unexpected-errors"), List.of("handover", "paused-past-ttl", "renew-then-stop",
                        "renew-lengths", "clock-jump", "killed-lock-session", "stalled-acquire", "contenders", "reply-lost")),
                new Clause("C8", "no lock state lives in a session: C1-C7 hold with the workers' DataSources going "
                        + "through PgBouncer in transaction mode", List.of("holds-through-pooler"),
                        List.of(PooledScenarios.HANDOVER)),
                new Clause("C9", "the answer is what the locks table did: a call whose reply was lost after the table "
                        + "changed throws or finds out, never answers not granted or false",
                        List.of("grants-match-table", "current-lease-renews-and-releases", "no-unexpected-errors"),
                        List.of("reply-lost")));
    }

    @Override
    public int lanes() {
        return LockServiceWorkload.LANES.size();
    }
}
