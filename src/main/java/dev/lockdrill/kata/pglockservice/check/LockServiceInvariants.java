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

    /**
     * The kata's invariants over its direct scenarios, then the same ones over the scenarios through
     * PgBouncer, as one invariant (holds-through-pooler) that says when those were not run.
     */
    public static List<Invariant> all() {
        List<Invariant> direct = List.of(new OneLiveHolder(), new TokensStrictlyIncrease(),
                new OnlyCurrentLeaseActs(), new CurrentLeaseActs(), new GrantsMatchTable(), new FreeLockCanBeAcquired(),
                new StaleHolderFenced(), noUnexpectedErrors());
        List<Invariant> all = new ArrayList<>();
        direct.forEach(invariant -> all.add(ThroughPooler.outside(PooledScenarios.ALL, invariant)));
        all.add(new ThroughPooler(direct, PooledScenarios.ALL));
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
