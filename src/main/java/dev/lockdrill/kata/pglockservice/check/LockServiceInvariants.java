package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the pg-lock-service kata, in the order they are reported. */
public final class LockServiceInvariants {
    private LockServiceInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new OneLiveHolder(), new TokensStrictlyIncrease(), new OnlyCurrentLeaseActs(),
                new FreeLockCanBeAcquired(), new StaleHolderFenced(), new NoUnexpectedErrors());
    }
}
