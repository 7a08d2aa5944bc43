package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterFaults;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;
import java.util.Set;

/**
 * GitHub rate-limits credential gh-1 twice for {@value #LIMIT_MILLIS} ms: every call with it
 * answers 429 with a Retry-After until the limit ends. An event that got a 429 is not tried again
 * before its Retry-After has passed; the other keys keep their pace.
 */
final class RateLimitedScenario extends EmitterScenario {
    static final List<String> KEYS = List.of("github/gh-1", "github/gh-2", "notion/no-1");
    static final long LIMIT_MILLIS = 400;
    static final List<Integer> LIMIT_AT = List.of(30, 90);

    @Override
    String name() {
        return "rate-limited";
    }

    @Override
    String summary() {
        return "github/gh-1 answers 429 (Retry-After) twice for " + LIMIT_MILLIS + " ms";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = stream(name(), KEYS, 150);
        long until = -1;
        long from = 0;
        long startNanos = 0;
        for (int i = 0; i < events.size(); i++) {
            if (LIMIT_AT.contains(i)) {
                from = rig.tick();
                startNanos = recorder.now();
                until = from + LIMIT_MILLIS;
                rig.platform("github").rateLimit("gh-1", until);
            }
            if (until >= 0 && rig.tick() >= until) {
                recordOutage(recorder, name(), EmitterFaults.RATE_LIMITED, Set.of("github/gh-1"), startNanos, from,
                        until, "credential gh-1 of github was rate-limited (429, Retry-After)");
                until = -1;
            }
            rig.emit(events.get(i));
        }
        rig.drainDeferred();
    }
}
