package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads the redlock history: leases granted, node snapshots, the per-node traffic. */
final class RedlockFacts {
    static final int NODES = 5;
    static final int MAJORITY = NODES / 2 + 1;

    private RedlockFacts() {
    }

    /** A granted lease: the acquire op and what it answered. */
    record Grant(Op op, String resource, String value, long ttlMs, long validityMs) {
        String who() {
            return op.worker() + "'s lease on " + resource + " (value " + shortValue(value) + ")";
        }
    }

    static List<Grant> grants(History history) {
        List<Grant> grants = new ArrayList<>();
        for (Op op : history.ops(RedlockOp.ACQUIRE)) {
            if (op.ok() && op.accepted().orElse(false)) {
                Long validity = op.longResult("validityMs");
                grants.add(new Grant(op, op.stringArg("resource"), op.stringResult("value"), op.longArg("ttlMs"),
                        validity == null ? 0 : validity));
            }
        }
        return grants;
    }

    static Set<String> leaseValues(History history) {
        return grants(history).stream().map(Grant::value).collect(Collectors.toSet());
    }

    /** A node snapshot (node name → value held under the resource, "" when none) from the op's args or result. */
    static Map<String, String> nodes(Op op, String field) {
        Object raw = op.args().containsKey(field) ? op.args().get(field) : op.result().get(field);
        Map<String, String> nodes = new LinkedHashMap<>();
        if (raw instanceof Map<?, ?> map) {
            map.forEach((k, v) -> nodes.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
        }
        return nodes;
    }

    static List<String> holding(Map<String, String> nodes, String value) {
        return nodes.entrySet().stream().filter(e -> e.getValue().equals(value)).map(Map.Entry::getKey).toList();
    }

    /** One command a client sent to a node, and when the reply came back (-1 when none did). */
    record Command(String worker, String node, List<String> words, long sentNanos, long replyNanos, String reply) {
    }

    static List<Command> traffic(History history, String scenario) {
        List<Command> commands = new ArrayList<>();
        for (Observation observation : history.observations(Roles.TRAFFIC)) {
            if (!observation.scenario().equals(scenario)) {
                continue;
            }
            for (Map<String, Object> row : observation.rows()) {
                List<String> words = new ArrayList<>();
                if (row.get("words") instanceof List<?> list) {
                    list.forEach(w -> words.add(String.valueOf(w)));
                }
                commands.add(new Command(String.valueOf(row.get("worker")), String.valueOf(row.get("node")), words,
                        ((Number) row.get("sentNanos")).longValue(), ((Number) row.get("replyNanos")).longValue(),
                        String.valueOf(row.get("reply"))));
            }
        }
        return commands;
    }

    static String shortValue(String value) {
        return value == null ? "null" : value.length() > 12 ? value.substring(0, 12) + "…" : value;
    }

    static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
