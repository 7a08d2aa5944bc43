package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.fencingtoken.protocol.FencingObservations;
import dev.lockdrill.kata.fencingtoken.protocol.FencingOps;
import dev.lockdrill.kata.fencingtoken.protocol.LeaseGrant;
import dev.lockdrill.kata.fencingtoken.protocol.Read;
import dev.lockdrill.kata.fencingtoken.protocol.ReadResult;
import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.testing.HistoryBuilder;

import java.util.HashMap;
import java.util.Map;

/** A fencing-token history written by hand: writes, reads, the audit trail and the final rows. */
final class FencingHistory {
    private final HistoryBuilder builder = new HistoryBuilder();
    private long seq;

    FencingHistory scenario(String name) {
        builder.scenario(name);
        return this;
    }

    long accepted(String worker, String key, long token, String value, long startMs, long endMs) {
        return write(worker, key, token, value, startMs, endMs, Outcome.OK, true);
    }

    long rejected(String worker, String key, long token, String value, long startMs, long endMs) {
        return write(worker, key, token, value, startMs, endMs, Outcome.OK, false);
    }

    long unknown(String worker, String key, long token, String value, long startMs, long endMs) {
        return builder.op(worker, FencingOps.WRITE.label(), new Write(key, token, value).toMap(), startMs, endMs,
                Outcome.INFO, Map.of(), "PSQLException: terminating connection due to administrator command");
    }

    long acquire(String worker, long token, long ttlMs, long startMs, long endMs) {
        return builder.op(worker, FencingOps.ACQUIRE.label(), new LeaseGrant("L", ttlMs).toMap(), startMs, endMs,
                Outcome.OK, LeaseGrant.result(token, 1), null);
    }

    long read(String worker, String key, String value, long token, long atMs) {
        return builder.op(worker, FencingOps.READ.label(), new Read(key).toMap(), atMs, atMs + 1, Outcome.OK,
                new ReadResult(true, value, token).toMap(), null);
    }

    /** The storage applied this write (an audit row, in commit order). */
    FencingHistory stored(String key, Long oldToken, long token, String value, String worker) {
        Map<String, Object> row = new HashMap<>();
        row.put("seq", ++seq);
        row.put("key", key);
        row.put("op", oldToken == null ? "INSERT" : "UPDATE");
        row.put("oldToken", oldToken);
        row.put("newToken", token);
        row.put("newValue", value);
        row.put("app", "ldabc-" + worker);
        builder.observe(FencingObservations.AUDIT.label(), row);
        return this;
    }

    FencingHistory finalRow(String key, String value, long token) {
        builder.observe(FencingObservations.FINAL.label(), Map.of("key", key, "value", value, "token", token));
        return this;
    }

    FencingHistory fault(String name, String target, long startMs, long endMs, String description) {
        builder.fault(name, target, startMs, endMs, description);
        return this;
    }

    FencingHistory missedFault(String name, String target, long startMs, long endMs, String description) {
        builder.missedFault(name, target, startMs, endMs, description);
        return this;
    }

    History build() {
        return builder.build();
    }

    private long write(String worker, String key, long token, String value, long startMs, long endMs,
                       Outcome outcome, boolean accepted) {
        return builder.op(worker, FencingOps.WRITE.label(), new Write(key, token, value).toMap(), startMs, endMs,
                outcome, Map.of(Op.ACCEPTED, accepted), null);
    }
}
