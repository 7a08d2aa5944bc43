package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.NoUnexpectedErrors;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.List;

/** The redlock kata's invariants: the protocol judged on the nodes' own state and traffic, and the resource's safety. */
public final class RedlockInvariants {
    private RedlockInvariants() {
    }

    public static final Invariant MAJORITY_BEFORE_HOLDING = new MajorityBeforeHolding();
    public static final Invariant VALIDITY_REDUCED_BY_ELAPSED_AND_DRIFT = new ValidityAccountsForTime();
    public static final Invariant FAILED_ACQUISITION_UNLOCKS_EVERY_NODE = new FailedAcquisitionUnlocks();
    public static final Invariant RELEASE_NEVER_DELETES_ANOTHER_HOLDERS_VALUE = new ReleaseKeepsOtherValues();
    public static final Invariant RELEASE_FREES_EVERY_NODE = new ReleaseFreesEveryNode();
    public static final Invariant LOCK_VALUES_UNIQUE = new LockValuesUnique();
    public static final Invariant AVAILABLE_LOCK_ACQUIRED_PROMPTLY = new AvailableLockAcquiredPromptly();
    public static final Invariant ONE_VALID_LEASE_WHILE_NODES_HEALTHY = new OneLeaseAtATime();
    public static final Invariant STALE_HOLDER_FENCED_AT_RESOURCE = new StaleHolderFenced();
    public static final Invariant NO_UNEXPECTED_ERRORS = new NoUnexpectedErrors("acquire, release and write answer without throwing (a node that fails is "
            + "counted as not granting, not thrown to the caller)",
            op -> op.is(RedlockOp.ACQUIRE) || op.is(RedlockOp.RELEASE) || op.is(RedlockOp.WRITE),
            op -> op.scenario() + ": " + op.worker() + "'s " + op.f() + " threw " + op.error());

    public static List<Invariant> all() {
        return List.of(MAJORITY_BEFORE_HOLDING, VALIDITY_REDUCED_BY_ELAPSED_AND_DRIFT,
                FAILED_ACQUISITION_UNLOCKS_EVERY_NODE, RELEASE_NEVER_DELETES_ANOTHER_HOLDERS_VALUE,
                RELEASE_FREES_EVERY_NODE, LOCK_VALUES_UNIQUE, AVAILABLE_LOCK_ACQUIRED_PROMPTLY,
                ONE_VALID_LEASE_WHILE_NODES_HEALTHY, STALE_HOLDER_FENCED_AT_RESOURCE, NO_UNEXPECTED_ERRORS);
    }
}
