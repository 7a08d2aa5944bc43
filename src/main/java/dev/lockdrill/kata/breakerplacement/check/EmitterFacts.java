package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Reads an emitter history: per scenario, the emits, the outages and the harness breakers' configuration. */
record EmitterFacts(History history) {

    List<String> scenarios() {
        return history.ops("emit").stream().map(Op::scenario).distinct().toList();
    }

    List<Op> ops(String scenario) {
        return history.ops(op -> op.scenario().equals(scenario));
    }

    List<EmitRecord> emits(String scenario) {
        return EmitRecord.of(ops(scenario));
    }

    List<Outage> outages() {
        return history.observations("outage").stream()
                .flatMap(o -> o.rows().stream().map(row -> Outage.of(o.scenario(), row))).toList();
    }

    Map<String, Object> breakerConfig() {
        return history.observations("breaker-config").stream().map(Observation::rows).filter(r -> !r.isEmpty())
                .map(r -> r.get(0)).findFirst().orElse(Map.of());
    }

    static long number(Map<String, Object> row, String key) {
        return row.get(key) instanceof Number n ? n.longValue() : 0;
    }

    /** A fault window in virtual milliseconds, and the keys it hit. */
    record Outage(String scenario, Set<String> keys, long from, long to, String description) {
        static Outage of(String scenario, Map<String, Object> row) {
            return new Outage(scenario, Arrays.stream(String.valueOf(row.get("keys")).split(","))
                    .collect(Collectors.toSet()), number(row, "fromTick"), number(row, "toTick"),
                    String.valueOf(row.get("description")));
        }

        boolean during(Op op) {
            long tick = op.longArg("tick");
            return tick >= from && tick < to;
        }
    }
}
