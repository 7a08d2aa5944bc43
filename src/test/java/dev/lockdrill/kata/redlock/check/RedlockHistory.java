package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds hand-written redlock histories for the checker tests; times are milliseconds. */
final class RedlockHistory {
    static final String SCENARIO = "s";
    static final String KEY = "s:job";
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Map<String, Object>> traffic = new ArrayList<>();
    private final List<Map<String, Object>> resource = new ArrayList<>();
    private final List<Map<String, Object>> planted = new ArrayList<>();

    /** Nodes A..E holding these values ("" for none). */
    static Map<String, Object> nodes(String a, String b, String c, String d, String e) {
        Map<String, Object> nodes = new LinkedHashMap<>();
        nodes.put("A", a);
        nodes.put("B", b);
        nodes.put("C", c);
        nodes.put("D", d);
        nodes.put("E", e);
        return nodes;
    }

    static Map<String, Object> free() {
        return nodes("", "", "", "", "");
    }

    RedlockHistory granted(String worker, String value, long ttl, long validity, long from, long to,
                           Map<String, Object> after) {
        return acquire(worker, ttl, true, from, to, free(), Map.of(Op_ACCEPTED, true, "value", value,
                "validityMs", validity, "token", 0L, "nodesAfter", after));
    }

    /** A lease whose acquire returned at {@code returned} ms (before the nodes were read, until {@code to}). */
    RedlockHistory grantedReturning(String worker, String value, long ttl, long validity, long from, long returned,
                                    long to, Map<String, Object> after) {
        return acquire(worker, ttl, false, from, to, free(), Map.of(Op_ACCEPTED, true, "value", value,
                "validityMs", validity, "token", 0L, "nodesAfter", after, "returnedNanos", ms(returned)));
    }

    /** The harness set {@code value} on the node itself at {@code at} ms. */
    RedlockHistory planted(String node, String value, long at) {
        planted.add(Map.of("node", node, "key", KEY, "value", value, "atNanos", ms(at)));
        return this;
    }

    RedlockHistory refused(String worker, long ttl, boolean expectLease, long from, long to,
                           Map<String, Object> before, Map<String, Object> after) {
        return acquire(worker, ttl, expectLease, from, to, before, Map.of(Op_ACCEPTED, false, "nodesAfter", after));
    }

    RedlockHistory release(String worker, String value, long from, long to, Map<String, Object> before,
                           Map<String, Object> after) {
        ops.add(new Op(ops.size() + 1, SCENARIO, worker, RedlockOp.RELEASE.label(),
                Map.of("resource", KEY, "value", value, "nodesBefore", before), ms(from), ms(to), Outcome.OK,
                Map.of("nodesAfter", after), null));
        return this;
    }

    RedlockHistory write(String worker, String role, String value, boolean accepted, long from, long to) {
        ops.add(new Op(ops.size() + 1, SCENARIO, worker, RedlockOp.WRITE.label(), Map.of("key", KEY, "value", value,
                "leaseValue", worker, "token", 1L, "role", role), ms(from), ms(to), Outcome.OK,
                Map.of(Op_ACCEPTED, accepted), null));
        return this;
    }

    RedlockHistory resourceRow(String value) {
        resource.add(Map.of("key", KEY, "value", value));
        return this;
    }

    /** A command the worker sent to a node at {@code sent} ms, answered at {@code reply} ms. */
    RedlockHistory command(String worker, String node, List<String> words, double sent, double reply) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("worker", worker);
        row.put("node", node);
        row.put("words", words);
        row.put("sentNanos", (long) (sent * 1_000_000));
        row.put("replyNanos", (long) (reply * 1_000_000));
        row.put("reply", "OK");
        traffic.add(row);
        return this;
    }

    RedlockHistory fault(String kind, long at) {
        faults.add(new FaultEvent(kind, SCENARIO, "w-1", ms(at), ms(at), true, kind));
        return this;
    }

    History build() {
        return new History(1, ops, faults, List.of(new Observation(Roles.TRAFFIC, SCENARIO, traffic),
                new Observation(Roles.RESOURCE, SCENARIO, resource), new Observation(Roles.PLANTED, SCENARIO, planted)));
    }

    private static final String Op_ACCEPTED = Op.ACCEPTED;

    private RedlockHistory acquire(String worker, long ttl, boolean expectLease, long from, long to,
                                   Map<String, Object> before, Map<String, Object> result) {
        ops.add(new Op(ops.size() + 1, SCENARIO, worker, RedlockOp.ACQUIRE.label(), Map.of("resource", KEY,
                "ttlMs", ttl, "expectLease", expectLease, "nodesBefore", before), ms(from), ms(to), Outcome.OK,
                result, null));
        return this;
    }

    private static long ms(long millis) {
        return millis * 1_000_000;
    }
}
