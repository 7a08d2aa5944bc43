package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.List;

/** The redlock kata's invariants: the protocol judged on the nodes' own state and traffic, and the resource's safety. */
public final class RedlockInvariants {
    private RedlockInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(
                new MajorityBeforeHolding(),
                new ValidityAccountsForTime(),
                new FailedAcquisitionUnlocks(),
                new ReleaseKeepsOtherValues(),
                new ReleaseFreesEveryNode(),
                new LockValuesUnique(),
                new AvailableLockAcquiredPromptly(),
                new OneLeaseAtATime(),
                new StaleHolderFenced(),
                new NoUnexpectedErrors("acquire, release and write answer without throwing (a node that fails is "
                        + "counted as not granting, not thrown to the caller)",
                        op -> op.is(RedlockOp.ACQUIRE) || op.is(RedlockOp.RELEASE) || op.is(RedlockOp.WRITE),
                        op -> op.scenario() + ": " + op.worker() + "'s " + op.f() + " threw " + op.error()));
    }
}
