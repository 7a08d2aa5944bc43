package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.pglockservice.protocol.AcquireCall;
import dev.lockdrill.kata.pglockservice.protocol.DbTime;
import dev.lockdrill.kata.pglockservice.protocol.FencedWrite;
import dev.lockdrill.kata.pglockservice.protocol.Granted;
import dev.lockdrill.kata.pglockservice.protocol.LeaseCall;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds hand-written lock-service histories for the checker tests. Times are milliseconds; the
 * database clock and the monotonic clock are the same here.
 */
final class LockHistory {
    static final String NAME = "s/lock";
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Map<String, Object>> tokensWritten = new ArrayList<>();

    LockHistory granted(String worker, long token, long ttlMs, long from, long to) {
        return add(worker, LockOps.ACQUIRE, new AcquireCall(NAME, ttlMs).toMap(), from, to, Outcome.OK,
                answer(true, new Granted(token, worker, NAME).toMap()));
    }

    LockHistory refused(String worker, long ttlMs, long from, long to) {
        return add(worker, LockOps.ACQUIRE, new AcquireCall(NAME, ttlMs).toMap(), from, to, Outcome.OK,
                answer(false, Map.of()));
    }

    LockHistory renew(String worker, long token, long ttlMs, boolean renewed, long from, long to) {
        return add(worker, LockOps.RENEW, new LeaseCall(NAME, token, worker, ttlMs).toMap(), from, to, Outcome.OK,
                answer(renewed, Map.of()));
    }

    LockHistory release(String worker, long token, boolean released, long from, long to) {
        return add(worker, LockOps.RELEASE, LeaseCall.release(NAME, token, worker).toMap(), from, to, Outcome.OK,
                answer(released, Map.of()));
    }

    LockHistory failedRenew(String worker, long token, long ttlMs, long from, long to) {
        return add(worker, LockOps.RENEW, new LeaseCall(NAME, token, worker, ttlMs).toMap(), from, to, Outcome.INFO,
                Map.of());
    }

    LockHistory failedRelease(String worker, long token, long from, long to) {
        return add(worker, LockOps.RELEASE, LeaseCall.release(NAME, token, worker).toMap(), from, to, Outcome.INFO,
                Map.of());
    }

    LockHistory write(String worker, long token, boolean accepted, long from, long to) {
        ops.add(new Op(ops.size() + 1, "s", worker, LockOps.FENCED_WRITE.label(),
                new FencedWrite(NAME, token, worker).toMap(), from * 1_000_000, to * 1_000_000, Outcome.OK,
                Map.of(Op.ACCEPTED, accepted), null));
        return this;
    }

    LockHistory kill(String worker, long at) {
        faults.add(new FaultEvent(Faults.KILL.label(), "s", worker, at * 1_000_000, at * 1_000_000, true, "kill " + worker));
        return this;
    }

    /** The locks table took this token for the lock (the check's history trigger saw it), in this order. */
    LockHistory tableTook(long token, String worker) {
        return tableTook(token, worker, true);
    }

    /** As {@link #tableTook(long, String)}; {@code live} false for a placeholder row written already expired. */
    LockHistory tableTook(long token, String worker, boolean live) {
        tokensWritten.add(Map.of("seq", (long) tokensWritten.size() + 1, "name", NAME, "op", "INSERT",
                "token", token, "app", "ld-" + worker, "live", live));
        return this;
    }

    LockHistory failedAcquire(String worker, long ttlMs, long from, long to) {
        return add(worker, LockOps.ACQUIRE, new AcquireCall(NAME, ttlMs).toMap(), from, to, Outcome.INFO, Map.of());
    }

    History build() {
        return new History(1, ops, faults,
                List.of(new Observation(LockObservations.LOCK_HISTORY, "s", tokensWritten)));
    }

    private static Map<String, Object> answer(boolean accepted, Map<String, Object> fields) {
        Map<String, Object> result = new LinkedHashMap<>(fields);
        result.put(Op.ACCEPTED, accepted);
        return result;
    }

    private LockHistory add(String worker, LockOps f, Map<String, Object> extra, long from, long to, Outcome outcome,
                            Map<String, Object> result) {
        Map<String, Object> args = new LinkedHashMap<>(extra);
        args.put(DbTime.BEFORE, from * 1000);
        Map<String, Object> withTime = new LinkedHashMap<>(result);
        if (outcome == Outcome.OK) {
            withTime.put(DbTime.AFTER, to * 1000);
        }
        ops.add(new Op(ops.size() + 1, "s", worker, f.label(), args, from * 1_000_000, to * 1_000_000, outcome, withTime,
                outcome == Outcome.OK ? null : "connection closed"));
        return this;
    }
}
