package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;
import java.util.Set;

/** Azure answers 503 to both its credentials for the middle 144 of 240 events; GitHub and Notion must not notice. */
final class PlatformDownScenario extends EmitterScenario {
    @Override
    public String name() {
        return "platform-down";
    }

    @Override
    public String summary() {
        return "azure answers 503 for 144 of 240 events";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = stream(name(), CredentialRevokedScenario.KEYS, CredentialRevokedScenario.EVENTS);
        long from = 0;
        long startNanos = 0;
        for (int i = 0; i < events.size(); i++) {
            if (i == CredentialRevokedScenario.OUTAGE_START) {
                rig.platform("azure").down(true);
                from = rig.tick();
                startNanos = recorder.now();
            }
            if (i == CredentialRevokedScenario.OUTAGE_END) {
                rig.platform("azure").down(false);
                recordOutage(recorder, name(), Faults.OUTAGE, Set.of("azure/acme", "azure/az-2"), startNanos, from,
                        rig.tick(), "azure was down (503)");
            }
            rig.emit(events.get(i));
        }
        rig.drainDeferred();
    }
}
