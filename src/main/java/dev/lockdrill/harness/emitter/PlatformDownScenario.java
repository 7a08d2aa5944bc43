package dev.lockdrill.harness.emitter;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;

/** Azure answers 503 to both its credentials for the middle 180 of 300 events; GitHub and Notion must not notice. */
final class PlatformDownScenario extends EmitterScenario {
    @Override
    String name() {
        return "platform-down";
    }

    @Override
    String summary() {
        return "azure answers 503 for 180 of 300 events";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = stream(name(), CredentialRevokedScenario.KEYS, 300);
        long from = 0;
        for (int i = 0; i < events.size(); i++) {
            if (i == 60) {
                rig.platform("azure").down(true);
                from = rig.tick();
            }
            if (i == 240) {
                rig.platform("azure").down(false);
                recordOutage(recorder, name(), "azure/az-1,azure/az-2", from, rig.tick(), "azure was down (503)");
            }
            rig.emit(events.get(i));
        }
        rig.drainDeferred();
    }
}
