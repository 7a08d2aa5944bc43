package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.List;
import java.util.Locale;

/** Reads a lock-service history: grants, their renews and releases, refused acquires, fenced writes. */
final class LockFacts {
    private final History history;

    LockFacts(History history) {
        this.history = history;
    }

    History history() {
        return history;
    }

    List<Grant> grants() {
        return history.ops(op -> op.is("acquire") && op.ok() && op.boolResult("acquired")).stream()
                .map(acquire -> new Grant(acquire, followUps(acquire)))
                .toList();
    }

    List<Grant> grants(String name) {
        return grants().stream().filter(g -> g.name().equals(name)).toList();
    }

    /** The renew and release calls its holder made with this grant's lease. */
    private List<Op> followUps(Op acquire) {
        long token = acquire.longResult("token");
        return history.ops(op -> (op.is("renew") || op.is("release")) && op.scenario().equals(acquire.scenario())
                && op.worker().equals(acquire.worker()) && op.id() > acquire.id()
                && acquire.stringArg("name").equals(op.stringArg("name")) && op.longArg("token") == token);
    }

    /** Acquires whose outcome is unknown: somebody may hold the lock from then on. */
    boolean unknownAcquire(String name) {
        return !history.ops(op -> op.is("acquire") && op.outcome() == Outcome.INFO
                && name.equals(op.stringArg("name"))).isEmpty();
    }

    static long dbBefore(Op op) {
        return op.longArg("dbBefore");
    }

    static long dbAfter(Op op) {
        Long after = op.longResult("dbAfter");
        return after == null ? Grant.UNBOUNDED : after;
    }

    /** A database time as milliseconds after the first call of the scenario. */
    String at(String scenario, long micros) {
        long origin = history.ops(op -> op.scenario().equals(scenario) && op.args().containsKey("dbBefore"))
                .stream().mapToLong(LockFacts::dbBefore).min().orElse(micros);
        return String.format(Locale.ROOT, "+%.1f ms", (micros - origin) / 1000.0);
    }

    String describe(Grant grant) {
        return grant.worker() + " acquired " + grant.name() + " with token " + grant.token() + " (ttl "
                + grant.acquire().longArg("ttlMs") + " ms) between " + at(grant.acquire().scenario(), grant.dbBefore())
                + " and " + at(grant.acquire().scenario(), grant.dbAfter()) + " DB time";
    }

    String describeCall(Op op) {
        String result = op.outcome() != Outcome.OK ? OpText.outcome(op)
                : op.is("acquire") ? (op.boolResult("acquired") ? "token " + op.longResult("token") : "refused")
                : String.valueOf(op.is("renew") ? op.boolResult("renewed") : op.boolResult("released"));
        return op.worker() + " " + op.f() + "(" + op.stringArg("name")
                + (op.args().containsKey("token") ? ", token " + op.longArg("token") : "") + ") at "
                + at(op.scenario(), dbBefore(op)) + " DB time: " + result;
    }
}
