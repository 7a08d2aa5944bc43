package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * An item-error storm: four of every five events for notion/no-1 target an item that was deleted
 * (410), never existed (404), is rejected as invalid (422) or that the credential may not touch
 * (403 "Resource not accessible by integration": one resource refused, not the credential). Each is
 * a permanent per-item error: one call, straight to the dead-letter queue, no retry, and no reason
 * to stop calling Notion with that credential.
 */
final class BadItemsScenario extends EmitterScenario {
    static final List<String> KEYS = List.of("github/gh-1", "notion/no-1", "azure/az-1");
    static final List<String> BAD = List.of(FakePlatform.GONE, FakePlatform.MISSING, FakePlatform.INVALID,
            FakePlatform.NOT_ACCESSIBLE);

    @Override
    public String name() {
        return "bad-items";
    }

    @Override
    public String summary() {
        return "4 in 5 notion/no-1 events target gone, missing, invalid or not accessible items (410, 404, 422, 403)";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = new ArrayList<>();
        int notion = 0;
        for (Event event : stream(name(), KEYS, 120)) {
            int slot = event.platform().equals("notion") ? notion++ % 5 : 4;
            events.add(slot < BAD.size() ? new Event(event.id(), event.platform(), event.credential(), BAD.get(slot)) : event);
        }
        events.forEach(rig::emit);
        rig.drainDeferred();
    }
}
