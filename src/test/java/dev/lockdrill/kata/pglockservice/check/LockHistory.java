package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

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

    LockHistory granted(String worker, long token, long ttlMs, long from, long to) {
        return add(worker, "acquire", Map.of("ttlMs", ttlMs), from, to, Outcome.OK,
                Map.of("acquired", true, "token", token));
    }

    LockHistory refused(String worker, long ttlMs, long from, long to) {
        return add(worker, "acquire", Map.of("ttlMs", ttlMs), from, to, Outcome.OK, Map.of("acquired", false));
    }

    LockHistory renew(String worker, long token, long ttlMs, boolean renewed, long from, long to) {
        return add(worker, "renew", Map.of("token", token, "ttlMs", ttlMs), from, to, Outcome.OK,
                Map.of("renewed", renewed));
    }

    LockHistory release(String worker, long token, boolean released, long from, long to) {
        return add(worker, "release", Map.of("token", token), from, to, Outcome.OK, Map.of("released", released));
    }

    LockHistory failedRelease(String worker, long token, long from, long to) {
        return add(worker, "release", Map.of("token", token), from, to, Outcome.INFO, Map.of());
    }

    LockHistory write(String worker, long token, boolean accepted, long from, long to) {
        ops.add(new Op(ops.size() + 1, "s", worker, "fenced-write", Map.of("key", NAME, "token", token,
                "value", worker), from * 1_000_000, to * 1_000_000, Outcome.OK, Map.of("accepted", accepted), null));
        return this;
    }

    LockHistory kill(String worker, long at) {
        faults.add(new FaultEvent("kill", "s", worker, at * 1_000_000, at * 1_000_000, true, "kill " + worker));
        return this;
    }

    History build() {
        return new History(1, ops, faults, List.of());
    }

    private LockHistory add(String worker, String f, Map<String, Object> extra, long from, long to, Outcome outcome,
                            Map<String, Object> result) {
        Map<String, Object> args = new LinkedHashMap<>(extra);
        args.put("name", NAME);
        args.put("dbBefore", from * 1000);
        Map<String, Object> withTime = new LinkedHashMap<>(result);
        if (outcome == Outcome.OK) {
            withTime.put("dbAfter", to * 1000);
        }
        ops.add(new Op(ops.size() + 1, "s", worker, f, args, from * 1_000_000, to * 1_000_000, outcome, withTime,
                outcome == Outcome.OK ? null : "connection closed"));
        return this;
    }
}
