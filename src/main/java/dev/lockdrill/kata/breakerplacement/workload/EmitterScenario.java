package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.Outage;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** One situation for the emitter: a stream of events over some keys, with a fault in the middle. */
public abstract class EmitterScenario implements NamedScenario {

    abstract void run(EmitterRig rig, Recorder recorder);

    /** {@code count} events round-robin over the keys ("platform/credential"). */
    static List<Event> stream(String scenario, List<String> keys, int count) {
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String[] key = keys.get(i % keys.size()).split("/");
            events.add(new Event(scenario + "-" + i, key[0], key[1], "update #" + i));
        }
        return events;
    }

    /**
     * Records a fault window that is over: as a fault (real time, for the report) and as an outage
     * observation in virtual time, which the checks judge.
     */
    static void recordOutage(Recorder recorder, String scenario, FaultKind kind, Set<String> keys, long startNanos,
                             long from, long to, String what) {
        recorder.fault(kind, scenario, String.join(",", keys), startNanos, what);
        recorder.observe(EmitterObservation.OUTAGE.label(), scenario,
                List.of(new Outage(keys, from, to, what).toRow()));
    }
}
