package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * A 410 storm: three of every five events for notion/no-1 target items that were deleted. Each is
 * a permanent per-item error: one call, straight to the dead-letter queue, no retry, and no reason
 * to stop calling Notion with that credential.
 */
final class BadItemsScenario extends EmitterScenario {
    static final List<String> KEYS = List.of("github/gh-1", "notion/no-1", "azure/az-1");

    @Override
    String name() {
        return "bad-items";
    }

    @Override
    String summary() {
        return "3 in 5 notion/no-1 events target deleted items (410)";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = new ArrayList<>();
        int notion = 0;
        for (Event event : stream(name(), KEYS, 120)) {
            boolean gone = event.platform().equals("notion") && notion++ % 5 < 3;
            events.add(gone ? new Event(event.id(), event.platform(), event.credential(), FakePlatform.GONE) : event);
        }
        events.forEach(rig::emit);
        rig.drainDeferred();
    }
}
