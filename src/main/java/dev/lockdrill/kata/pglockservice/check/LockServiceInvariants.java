package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.check.OpText;
import dev.lockdrill.check.ThroughPooler;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.kata.pglockservice.protocol.PooledScenarios;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Every invariant of the pg-lock-service kata, in the order they are reported. */
public final class LockServiceInvariants {
    static final String NO_ERRORS = "lock calls complete without errors, except the first call after a kill";

    private LockServiceInvariants() {
    }

    public static final Invariant ONE_LIVE_HOLDER = new OneLiveHolder();
    public static final Invariant TOKENS_STRICTLY_INCREASE = new TokensStrictlyIncrease();
    public static final Invariant ONLY_CURRENT_TOKEN_RENEWS_OR_RELEASES = new OnlyCurrentLeaseActs();
    public static final Invariant CURRENT_LEASE_RENEWS_AND_RELEASES = new CurrentLeaseActs();
    public static final Invariant GRANTS_MATCH_TABLE = new GrantsMatchTable();
    public static final Invariant EXPIRED_LEASE_REACQUIRABLE = new FreeLockCanBeAcquired();
    public static final Invariant STALE_HOLDER_FENCED = new StaleHolderFenced();
    public static final Invariant NO_UNEXPECTED_ERRORS = noUnexpectedErrors();
    private static final List<Invariant> DIRECT = List.of(ONE_LIVE_HOLDER, TOKENS_STRICTLY_INCREASE,
            ONLY_CURRENT_TOKEN_RENEWS_OR_RELEASES, CURRENT_LEASE_RENEWS_AND_RELEASES, GRANTS_MATCH_TABLE,
            EXPIRED_LEASE_REACQUIRABLE, STALE_HOLDER_FENCED, NO_UNEXPECTED_ERRORS);

    /** The invariants above over the scenarios through PgBouncer, as one that says when they were not run. */
    public static final Invariant HOLDS_THROUGH_POOLER = new ThroughPooler(DIRECT, PooledScenarios.ALL);

    /** The kata's invariants over its direct scenarios, then {@link #HOLDS_THROUGH_POOLER}. */
    public static List<Invariant> all() {
        List<Invariant> all = new ArrayList<>();
        DIRECT.forEach(invariant -> all.add(ThroughPooler.outside(PooledScenarios.ALL, invariant)));
        all.add(HOLDS_THROUGH_POOLER);
        return List.copyOf(all);
    }

    /**
     * tryAcquire, renew and release complete without errors; only right after its sessions were
     * killed may a worker's next call fail (a pool may hand out a connection the kill closed), and
     * so may a call the kill struck in flight: one that struck and answered is not the "next call".
     */
    static Invariant noUnexpectedErrors() {
        Predicate<Op> lockCalls = op -> op.is(LockOps.ACQUIRE) || op.is(LockOps.RENEW) || op.is(LockOps.RELEASE);
        NoUnexpectedErrors base = new NoUnexpectedErrors(NO_ERRORS, lockCalls, LockServiceInvariants::describe);
        return new NoUnexpectedErrors(NO_ERRORS, lockCalls, LockServiceInvariants::describe,
                base.firstCallsAfter(Faults.KILL, 1), NoUnexpectedErrors.hitDuring(Faults.KILL),
                base.firstCallBegunAfter(Faults.KILL));
    }

    private static String describe(Op op) {
        return op.worker() + " " + op.f() + "(" + LeaseCall.nameOf(op) + ") in " + op.scenario() + ": "
                + OpText.outcome(op);
    }
}
