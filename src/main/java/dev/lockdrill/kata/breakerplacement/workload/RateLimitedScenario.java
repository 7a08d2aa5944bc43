package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterFaults;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.List;
import java.util.Set;

/**
 * GitHub rate-limits credential gh-1 three times for {@value #LIMIT_MILLIS} ms, each time as GitHub
 * may: 429 with {@code retry-after}; 403 with {@code retry-after} (a secondary rate limit); 403 with
 * {@code x-ratelimit-remaining: 0} and its reset (the primary one). A rate-limit 403 is pace, not a
 * refused credential: an event that got one is not tried again before the limit lifts, and is not
 * parked for a credential fix; the other keys keep their pace.
 */
final class RateLimitedScenario extends EmitterScenario {
    static final List<String> KEYS = List.of("github/gh-1", "github/gh-2", "notion/no-1");
    static final long LIMIT_MILLIS = 400;
    static final List<Integer> LIMIT_AT = List.of(30, 70, 110);
    static final List<RateLimitAnswer> ANSWERS = List.of(RateLimitAnswer.TOO_MANY_REQUESTS,
            RateLimitAnswer.SECONDARY, RateLimitAnswer.PRIMARY);

    @Override
    public String name() {
        return "rate-limited";
    }

    @Override
    public String summary() {
        return "github/gh-1 is rate-limited three times for " + LIMIT_MILLIS + " ms: 429, 403 retry-after, "
                + "403 x-ratelimit-remaining 0";
    }

    @Override
    void run(EmitterRig rig, Recorder recorder) {
        List<Event> events = stream(name(), KEYS, 150);
        long until = -1;
        long from = 0;
        long startNanos = 0;
        RateLimitAnswer answer = null;
        for (int i = 0; i < events.size(); i++) {
            if (until >= 0 && rig.tick() >= until) {
                recordOutage(recorder, name(), EmitterFaults.RATE_LIMITED, Set.of("github/gh-1"), startNanos, from,
                        until, "credential gh-1 of github was rate-limited (" + answer.label + ")");
                until = -1;
            }
            int window = LIMIT_AT.indexOf(i);
            if (window >= 0) {
                answer = ANSWERS.get(window);
                from = rig.tick();
                startNanos = recorder.now();
                until = from + LIMIT_MILLIS;
                rig.platform("github").rateLimit("gh-1", until, answer);
            }
            rig.emit(events.get(i));
        }
        rig.drainDeferred();
    }
}
