package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

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
        List<Evidence> evidence = new ArrayList<>();
        for (Op op : history.ops(o -> (o.is("complete") || o.is("extend")) && o.ok())) {
            boolean answered = op.boolResult(op.is("complete") ? "completed" : "extended");
            boolean happened = changes.stream().anyMatch(c -> matches(op, c));
            String call = op.worker() + "'s " + op.f() + "(" + LeaseOps.rowKey(op, op.longArg("id")) + ", token "
                    + op.longArg("token") + (op.is("complete") ? ", " + op.stringArg("outcome") : "") + ")";
            if (answered && !happened) {
                evidence.add(Evidence.of(call + " returned true, but the table shows no such change under that token",
                        op.id()));
            } else if (!answered && happened) {
                evidence.add(Evidence.of(call + " returned false, but the table was changed under that token",
                        op.id()));
            }
        }
        return failIfAny(evidence.size() > 6 ? evidence.subList(0, 6) : evidence);
    }

    private static boolean matches(Op op, LeaseAudit.Change change) {
        if (!change.rowKey().equals(LeaseOps.rowKey(op, op.longArg("id"))) || !change.worker().equals(op.worker())
                || change.oldToken() == null || change.oldToken() != op.longArg("token")) {
            return false;
        }
        if (op.is("complete")) {
            return change.isFinish() && op.stringArg("outcome").equals(change.newState());
        }
        return change.isExtend();
    }
}
