package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.kata.pglockservice.protocol.DbTime;
import dev.lockdrill.kata.pglockservice.protocol.AcquireCall;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.kata.pglockservice.protocol.Granted;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.History;
import dev.lockdrill.history.PerHistory;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** Every invariant asks for the grants, some once per lock name: they are read once per history. */
    private static final PerHistory<List<Grant>> GRANTS = new PerHistory<>(LockFacts::readGrants);

    List<Grant> grants() {
        return GRANTS.of(history);
    }

    private static List<Grant> readGrants(History history) {
        // a grant's renews and releases are its holder's own: looked up among that worker's, not all ops
        Map<List<String>, List<Op>> leaseCalls = new HashMap<>();
        for (Op op : history.ops()) {
            if (op.is(LockOps.RENEW) || op.is(LockOps.RELEASE)) {
                leaseCalls.computeIfAbsent(List.of(op.scenario(), op.worker()), k -> new ArrayList<>()).add(op);
            }
        }
        return history.ops(op -> op.is(LockOps.ACQUIRE) && op.ok() && op.accepted().orElse(false)).stream()
                .map(acquire -> new Grant(acquire, followUps(acquire,
                        leaseCalls.getOrDefault(List.of(acquire.scenario(), acquire.worker()), List.of()))))
                .toList();
    }

    List<Grant> grants(String name) {
        return grants().stream().filter(g -> g.name().equals(name)).toList();
    }

    /** The renew and release calls its holder made with this grant's lease. */
    private static List<Op> followUps(Op acquire, List<Op> holdersLeaseCalls) {
        long token = Granted.of(acquire).orElseThrow().token();
        return holdersLeaseCalls.stream().filter(op -> op.id() > acquire.id()
                && AcquireCall.of(acquire).name().equals(LeaseCall.nameOf(op)) && LeaseCall.of(op).token() == token)
                .toList();
    }

    /** Acquires whose outcome is unknown: somebody may hold the lock from then on. */
    boolean unknownAcquire(String name) {
        return !history.ops(op -> op.is(LockOps.ACQUIRE) && op.outcome() == Outcome.INFO
                && name.equals(LeaseCall.nameOf(op))).isEmpty();
    }

    static long dbBefore(Op op) {
        return DbTime.before(op);
    }

    static long dbAfter(Op op) {
        return DbTime.after(op);
    }

    /** A database time as milliseconds after the first call of the scenario. */
    String at(String scenario, long micros) {
        long origin = history.ops(op -> op.scenario().equals(scenario) && DbTime.bracketed(op))
                .stream().mapToLong(LockFacts::dbBefore).min().orElse(micros);
        return String.format(Locale.ROOT, "+%.1f ms", (micros - origin) / 1000.0);
    }

    String describe(Grant grant) {
        String scenario = grant.acquire().scenario();
        return grant.worker() + " acquired " + grant.name() + " with token " + grant.token() + " (ttl "
                + AcquireCall.of(grant.acquire()).ttlMs() + " ms) between " + at(scenario, grant.dbBefore())
                + " and " + at(scenario, grant.dbAfter()) + " DB time";
    }

    String describeCall(Op op) {
        String result = op.outcome() != Outcome.OK ? OpText.outcome(op)
                : op.is(LockOps.ACQUIRE) ? Granted.of(op).map(g -> "token " + g.token()).orElse("refused")
                : String.valueOf(op.accepted().orElse(false));
        return op.worker() + " " + op.f() + "(" + LeaseCall.nameOf(op)
                + (op.is(LockOps.ACQUIRE) ? "" : ", token " + LeaseCall.of(op).token()) + ") at "
                + at(op.scenario(), dbBefore(op)) + " DB time: " + result;
    }
}
