package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseCall;
import dev.lockdrill.kata.leaseclaim.protocol.LeaseOp;

import java.util.ArrayList;
import java.util.List;

/**
 * complete() and extend() answer what the table did: true exactly when the row was finished (with
 * the requested outcome) or its lease pushed forward, by that worker, under that token.
 */
public final class CompletionsMatchStorage implements Invariant {
    @Override
    public String name() {
        return "completions-match-storage";
    }

    @Override
    public String description() {
        return "complete() and extend() return true exactly when the table changed under the caller's token";
    }

    @Override
    public InvariantResult check(History history) {
        List<LeaseAudit.Change> changes = new LeaseAudit(history).changes();
        if (history.ops(o -> (o.is(LeaseOp.COMPLETE) || o.is(LeaseOp.EXTEND)) && o.ok()).isEmpty()) {
            return notExercised("no complete() or extend() answered");
        }
        List<Evidence> evidence = new ArrayList<>();
        List<Op> calls = history.ops(o -> o.is(LeaseOp.COMPLETE) || o.is(LeaseOp.EXTEND));
        for (Op op : history.ops(o -> (o.is(LeaseOp.COMPLETE) || o.is(LeaseOp.EXTEND)) && o.ok())) {
            LeaseCall args = LeaseCall.of(op);
            boolean answered = op.accepted().orElse(false);
            boolean happened = changes.stream().anyMatch(c -> matches(op, args, c)
                    && (answered || !madeByAnother(calls, op, c)));
            String call = op.worker() + "'s " + op.f() + "(" + op.scenario() + "/" + args.id() + ", token "
                    + args.token() + (op.is(LeaseOp.COMPLETE) ? ", " + args.outcome() : "") + ")";
            if (answered && !happened) {
                evidence.add(Evidence.of(call + " returned true, but the table shows no such change under that token",
                        op.id()));
            } else if (!answered && happened) {
                evidence.add(Evidence.of(call + " returned false, but the table was changed under that token",
                        op.id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }

    /**
     * Another call that claims this change (it answered true, or its answer is unknown): a repeat
     * of the same complete that answered false did not make the change its first sending made.
     */
    private static boolean madeByAnother(List<Op> calls, Op op, LeaseAudit.Change change) {
        return calls.stream().anyMatch(other -> other.id() != op.id() && (!other.ok() || other.accepted().orElse(false))
                && matches(other, LeaseCall.of(other), change));
    }

    private static boolean matches(Op op, LeaseCall args, LeaseAudit.Change change) {
        if (!change.rowKey().equals(op.scenario() + "/" + args.id()) || !change.worker().equals(op.worker())
                || change.oldToken() == null || change.oldToken() != args.token()) {
            return false;
        }
        if (op.is(LeaseOp.COMPLETE)) {
            return change.isFinish() && args.outcome().equals(change.newState());
        }
        return change.isExtend();
    }
}
