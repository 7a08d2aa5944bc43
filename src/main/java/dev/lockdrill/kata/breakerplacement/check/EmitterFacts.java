package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.HeldSleep;
import dev.lockdrill.kata.breakerplacement.protocol.Outage;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads an emitter history: per scenario, the emits, the outages and the harness breakers' configuration. */
record EmitterFacts(History history) {

    List<String> scenarios() {
        return history.ops(EmitterOp.EMIT).stream().map(Op::scenario).distinct().toList();
    }

    List<Op> ops(String scenario) {
        return history.ops(op -> op.scenario().equals(scenario));
    }

    List<Op> ops(String scenario, EmitterOp type) {
        return history.ops(op -> op.scenario().equals(scenario) && op.is(type));
    }

    /** The scenario's emits, each with the ops that carry its number, in the order they happened. */
    List<EmitRecord> emits(String scenario) {
        return EmitRecord.of(ops(scenario));
    }

    List<HeldSleep> heldSleeps() {
        return history.observations(EmitterObservation.HELD_SLEEP.label()).stream()
                .flatMap(o -> o.rows().stream().map(HeldSleep::of)).toList();
    }

    List<ScenarioOutage> outages() {
        return history.observations(EmitterObservation.OUTAGE.label()).stream()
                .flatMap(o -> o.rows().stream().map(row -> new ScenarioOutage(o.scenario(), Outage.of(row))))
                .toList();
    }

    BreakerSettings breakerConfig() {
        return BreakerSettings.of(history.observations(EmitterObservation.BREAKER_CONFIG.label()).stream()
                .map(Observation::rows).filter(r -> !r.isEmpty()).map(r -> r.get(0)).findFirst().orElse(Map.of()));
    }

    /** A fault window of one scenario. */
    record ScenarioOutage(String scenario, Outage outage) {
        Set<String> keys() {
            return outage.keys();
        }

        long from() {
            return outage.fromTick();
        }

        long to() {
            return outage.toTick();
        }

        String description() {
            return outage.description();
        }

        boolean during(Op op) {
            return outage.during(Stamp.of(op).tick());
        }
    }
}
