package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Schedule;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterFaults;
import dev.lockdrill.katas.api.emitter.Event;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Random schedules for breaker-placement: three to five keys over the three platforms, one
 * credential id ("acme") used on two of them; two to four outbox workers emit events to random
 * keys (some of them items the platform answers 404, 410, 422 or 403 "Resource not accessible by
 * integration") and hand deferred events back; a nemesis revokes a credential on one platform (401)
 * or refuses it with an auth-level 403 and restores it, takes a platform down (500, 502, 503 or 504)
 * and brings it back, and rate-limits a key — 429 with retry-after, 403 with retry-after, or 403
 * with x-ratelimit-remaining 0 — for 200 ms to 1.5 s (the 1 s sleep-or-defer boundary exactly, and
 * 1 ms either side). Only the headers and body tell the three kinds of 403 apart.
 * Every fault ends before the last hand-back, so every event must end delivered or dead-lettered.
 * Workers take turns (the parallel-workers scenario is where emits overlap).
 */
final class PlacementExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    /** Hand-back rounds after the faults: the breakers' waits and half-open trials may take several. */
    static final int FINAL_ROUNDS = 6;
    private static final List<String> PLATFORMS = EmitterRig.PLATFORMS;

    sealed interface PlacementStep extends Step {
    }

    /** {@code payload}: a normal update, or "gone", "missing", "invalid", "not-accessible" (an item error). */
    record Emit(String actor, String key, String payload) implements PlacementStep {
        public String describe() {
            return "emits " + (payload.startsWith("update") ? "an event" : "a '" + payload + "' item") + " to " + key;
        }
    }

    record HandBack(String actor) implements PlacementStep {
        public String describe() {
            return "hands the deferred events back (after a breaker wait)";
        }
    }

    /** {@code status} 401 or 403 (auth-level) refuses the credential; 0 restores. */
    record Credential(String actor, String key, int status) implements PlacementStep {
        public String describe() {
            return status == 0 ? "restores " + key : "makes " + key + " answer " + status
                    + (status == 403 ? " (auth-level: SAML SSO)" : "");
        }
    }

    /** {@code status} a 5xx takes the platform down; 0 brings it back. */
    record Platform(String actor, String platform, int status) implements PlacementStep {
        public String describe() {
            return status == 0 ? "brings " + platform + " back" : "takes " + platform + " down (" + status + ")";
        }
    }

    record RateLimit(String actor, String key, long millis, RateLimitAnswer answer) implements PlacementStep {
        public String describe() {
            return "rate-limits " + key + " for " + millis + " ms (" + answer.label + ")";
        }
    }

    /** The keys a schedule's seed picks: "acme" on two platforms, and one to three keys of their own. */
    static List<String> keys(SplittableRandom random) {
        List<String> platforms = new ArrayList<>(PLATFORMS);
        String skipped = platforms.remove(random.nextInt(platforms.size()));
        List<String> keys = new ArrayList<>();
        platforms.forEach(p -> keys.add(p + "/acme"));
        int own = 1 + random.nextInt(3);
        List<String> all = new ArrayList<>(PLATFORMS);
        for (int i = 0; i < own; i++) {
            String platform = i == 0 ? skipped : all.get(random.nextInt(all.size()));
            String key = platform + "/" + platform.substring(0, 2) + "-" + (i + 1);
            keys.add(key);
        }
        return keys;
    }

    static List<PlacementStep> generate(SplittableRandom random) {
        List<String> keys = keys(random);
        int workers = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(21);
        List<PlacementStep> steps = new ArrayList<>();
        String[] items = {FakePlatform.GONE, FakePlatform.MISSING, FakePlatform.INVALID, FakePlatform.NOT_ACCESSIBLE};
        RateLimitAnswer[] answers = RateLimitAnswer.values();
        int[] fives = {500, 502, 503, 504};
        long[] limits = {200, 999, 1000, 1001, 1500};
        for (int i = 0; i < length; i++) {
            String worker = "worker-" + (1 + random.nextInt(workers));
            String key = keys.get(random.nextInt(keys.size()));
            int roll = random.nextInt(100);
            if (roll < 55) {
                steps.add(new Emit(worker, key, random.nextInt(5) == 0 ? items[random.nextInt(items.length)]
                        : "update #" + i));
            } else if (roll < 62) {
                steps.add(new HandBack(worker));
            } else if (roll < 74) {
                steps.add(new Credential(NEMESIS, key, random.nextInt(3) == 0 ? 0 : random.nextBoolean() ? 401 : 403));
            } else if (roll < 88) {
                String platform = key.split("/")[0];
                steps.add(new Platform(NEMESIS, platform, random.nextInt(3) == 0 ? 0 : fives[random.nextInt(4)]));
            } else {
                steps.add(new RateLimit(NEMESIS, key, limits[random.nextInt(limits.length)],
                        answers[random.nextInt(answers.length)]));
            }
        }
        return steps;
    }

    /** A fault window still open: what it is, on which keys, since when (real and virtual time). */
    private record Window(FaultKind kind, Set<String> keys, long startNanos, long fromTick, long untilTick,
                          String what) {
    }

    private final EmitterRig rig;
    private final String scenario;
    private final List<String> keys;
    private final WorkloadContext context;
    private final Map<String, Window> open = new LinkedHashMap<>();
    private final AtomicInteger events = new AtomicInteger();

    PlacementExplorer(WorkloadContext context, Schedule<PlacementStep> schedule) {
        this.context = context;
        this.scenario = schedule.scenario();
        this.rig = new EmitterRig(context, scenario);
        this.keys = keys(new SplittableRandom(schedule.id().seed()));
    }

    /**
     * One step at a time: the checks read an emit as the ops that follow it, and a fault lands
     * between two emits, so its window in virtual time is exact.
     */
    void take(PlacementStep step) {
        synchronized (open) {
            if (step instanceof Emit e) {
                String[] key = e.key().split("/");
                rig.emitAs(e.actor(), new Event(scenario + "-" + events.incrementAndGet(), key[0], key[1],
                        e.payload()));
            } else if (step instanceof HandBack h) {
                rig.drainDeferred(h.actor(), EmitterRig.DRAIN_ROUNDS);
            } else {
                fault(step);
            }
        }
    }

    private void fault(PlacementStep step) {
        if (step instanceof Credential c) {
            String[] key = c.key().split("/");
            close("credential " + c.key());
            if (c.status() != 0) {
                rig.platform(key[0]).revoke(key[1], c.status());
                open("credential " + c.key(), EmitterFaults.CREDENTIAL_REVOKED, Set.of(c.key()), Long.MAX_VALUE,
                        "credential " + key[1] + " of " + key[0] + " answered " + c.status());
            } else {
                rig.platform(key[0]).restore(key[1]);
            }
        } else if (step instanceof Platform p) {
            close("platform " + p.platform());
            rig.platform(p.platform()).down(p.status());
            if (p.status() != 0) {
                Set<String> affected = Set.copyOf(keys.stream().filter(k -> k.startsWith(p.platform() + "/")).toList());
                open("platform " + p.platform(), Faults.OUTAGE, affected, Long.MAX_VALUE,
                        p.platform() + " was down (" + p.status() + ")");
            }
        } else if (step instanceof RateLimit r) {
            String[] key = r.key().split("/");
            close("rate " + r.key());
            long until = rig.tick() + r.millis();
            rig.platform(key[0]).rateLimit(key[1], until, r.answer());
            open("rate " + r.key(), EmitterFaults.RATE_LIMITED, Set.of(r.key()), until,
                    "credential " + key[1] + " of " + key[0] + " was rate-limited (" + r.answer().label + ")");
        }
    }

    private void open(String name, FaultKind kind, Set<String> affected, long untilTick, String what) {
        open.put(name, new Window(kind, affected, context.recorder().now(), rig.tick(), untilTick, what));
    }

    /** Records a fault window that is over (a rate limit ends on its own, at its Retry-After). */
    private void close(String name) {
        Window window = open.remove(name);
        if (window != null) {
            EmitterScenario.recordOutage(context.recorder(), scenario, window.kind(), window.keys(),
                    window.startNanos(), window.fromTick(), Math.min(rig.tick(), window.untilTick()), window.what());
        }
    }

    /** After the schedule: every fault ends, then the deferred events come back. */
    void finish() {
        synchronized (open) {
            for (String key : keys) {
                String[] parts = key.split("/");
                rig.platform(parts[0]).restore(parts[1]);
                rig.platform(parts[0]).rateLimit(parts[1], rig.tick());
            }
            PLATFORMS.forEach(p -> rig.platform(p).down(0));
            List.copyOf(open.keySet()).forEach(this::close);
        }
        rig.drainDeferred(EmitterRecorder.NO_WORKER, FINAL_ROUNDS);
    }

    @Override
    public void close() {
        // the emitter and its fakes hold nothing to release
    }
}
