package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One situation for the emitter: a stream of events over some keys, with a fault in the middle. */
abstract class EmitterScenario {
    abstract String name();

    abstract String summary();

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

    static void recordOutage(Recorder recorder, String scenario, String keys, long from, long to, String what) {
        recorder.observe("outage", scenario, List.of(Map.of("keys", keys, "fromTick", from, "toTick", to,
                "description", what)));
    }
}
