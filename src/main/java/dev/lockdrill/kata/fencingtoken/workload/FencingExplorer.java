package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.explore.CallsAtOnce;
import dev.lockdrill.harness.explore.GcPause;
import dev.lockdrill.harness.explore.SessionKill;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Random schedules for fencing-token: two to four workers take the lease on one or two keys, write
 * with their current token, resend their last write, write with a token they held before, read;
 * the nemesis pauses workers (as a GC would), kills their sessions and moves the token sequence
 * across 2^31 or 2^32. Nobody waits for a lease to be theirs before writing: the fence must cope.
 * A lease another worker holds runs out when the next worker asks for it (the lease service's clock
 * jumps), so tokens follow the steps, not how long they took, and a schedule replays at any load.
 * A worker that does not know whether its write landed sends it again, as the scripted ones do.
 * Its pool validates: a kill fails the calls in flight, and later calls get fresh connections
 * (the scripted killed-mid-write scenario is where a dead pooled connection is met). A third of the
 * schedules have two or three workers take a token and write at once, their round trips ordered by
 * the statement scheduler under seeded priorities (PCT), so that race replays exactly at any load.
 */
final class FencingExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final String SCHEDULER = CallsAtOnce.ACTOR;
    /** Round trips a take-and-write makes, about (for where PCT's change points may fall). */
    static final int ROUND_TRIPS_PER_CALL = 3;

    sealed interface FencingStep extends Step {
    }

    record Acquire(String actor, String key, long ttlMillis) implements FencingStep {
        public String describe() {
            return "takes the lease on " + key + " for " + ttlMillis + " ms";
        }
    }

    /** {@code token}: "current" (its newest), "older" (one it held before) — {@code resend} repeats its last write. */
    record Write(String actor, String key, boolean older, boolean resend) implements FencingStep {
        public String describe() {
            return resend ? "sends its last write to " + key + " again"
                    : "writes " + key + " with its " + (older ? "older" : "current") + " token";
        }
    }

    record Read(String actor, String key) implements FencingStep {
        public String describe() {
            return "reads " + key;
        }
    }

    record Pause(String actor, long millis) implements FencingStep {
        public String describe() {
            return GcPause.describe(millis);
        }
    }

    record Kill(String actor, String worker) implements FencingStep {
        public String describe() {
            return SessionKill.describe(worker);
        }
    }

    record Jump(String actor, long below) implements FencingStep {
        public String describe() {
            return "moves the token sequence to just below " + below;
        }
    }

    /**
     * Two or three workers each take a token for one key and write with it, at once, their round
     * trips to PostgreSQL put in order by the statement scheduler under seeded priorities with change
     * points (PCT, {@link CallsAtOnce}): who gets the higher token and whose statements land
     * first is the seed's, at any load. Runs alone (the scheduler owns every round trip of its
     * workers while it runs).
     */
    record Interleaved(String key, List<String> workers, long ttlMillis, long seed)
            implements FencingStep, Step.Alone {
        public String actor() {
            return SCHEDULER;
        }

        public String describe() {
            return CallsAtOnce.describe(workers.stream().map(worker -> worker + " takes the lease on " + key + " for "
                    + ttlMillis + " ms and writes with its token").toList(), seed);
        }
    }

    static List<FencingStep> generate(SplittableRandom random) {
        int workers = 2 + random.nextInt(3);
        List<String> keys = random.nextInt(3) == 0 ? List.of("a", "b") : List.of("a");
        int length = 10 + random.nextInt(21);
        List<FencingStep> steps = new ArrayList<>();
        boolean jumped = false;
        for (int i = 0; i < length; i++) {
            String worker = "worker-" + (1 + random.nextInt(workers));
            String key = keys.get(random.nextInt(keys.size()));
            int roll = random.nextInt(100);
            if (roll < 25) {
                steps.add(new Acquire(worker, key, 40 + random.nextInt(160)));
            } else if (roll < 45) {
                steps.add(new Write(worker, key, false, false));
            } else if (roll < 52) {
                steps.add(new Write(worker, key, true, false));
            } else if (roll < 60) {
                steps.add(new Write(worker, key, false, true));
            } else if (roll < 68) {
                steps.add(new Read(worker, key));
            } else if (roll < 84) {
                steps.add(new Pause(worker, 50 + random.nextInt(350)));
            } else if (roll < 95 || jumped) {
                steps.add(new Kill(NEMESIS, worker));
            } else {
                jumped = true;
                steps.add(new Jump(NEMESIS, random.nextBoolean() ? 1L << 31 : 1L << 32));
            }
        }
        // drawn after the rest, so the other steps of a seed are the ones they were before this step existed
        if (random.nextInt(3) == 0) {
            List<Integer> free = new ArrayList<>();
            for (int w = 1; w <= workers; w++) {
                free.add(w);
            }
            List<String> together = new ArrayList<>();
            for (int i = Math.min(workers, 2 + random.nextInt(2)); i > 0; i--) {
                together.add("worker-" + free.remove(random.nextInt(free.size())));
            }
            steps.add(random.nextInt(length), new Interleaved(keys.get(random.nextInt(keys.size())),
                    List.copyOf(together), 40 + random.nextInt(160), random.nextLong()));
            steps.remove(steps.size() - 1);
        }
        return steps;
    }

    /** What one worker knows: its store, the tokens it was granted per key, its last write. */
    private static final class WorkerState {
        final FencedStore store;
        final Map<String, List<Long>> tokens = new ConcurrentHashMap<>();
        final Map<String, long[]> lastToken = new ConcurrentHashMap<>();
        final Map<String, String> lastValue = new ConcurrentHashMap<>();
        int writes;

        WorkerState(FencedStore store) {
            this.store = store;
        }
    }

    private final FencingRig rig;
    private final Map<String, WorkerState> workers = new ConcurrentHashMap<>();

    /** Every worker's store is made before the first step, as a service starts before faults arrive. */
    FencingExplorer(FencingRig rig, List<FencingStep> steps) throws Exception {
        this.rig = rig;
        for (FencingStep step : steps) {
            List<String> names = step instanceof Kill k ? List.of(k.worker())
                    : step instanceof Interleaved i ? i.workers() : List.of(step.actor());
            for (String worker : names) {
                if (!worker.equals(NEMESIS)) {
                    worker(worker);
                }
            }
        }
    }

    FencingRig rig() {
        return rig;
    }

    private WorkerState worker(String name) throws Exception {
        WorkerState state = workers.get(name);
        if (state == null) {
            state = new WorkerState(rig.store(name));
            workers.put(name, state);
        }
        return state;
    }

    void take(FencingStep step) throws Exception {
        if (step instanceof Acquire a) {
            WorkerState state = worker(a.actor());
            long token = rig.takeLeaseNow(a.actor(), rig.key(a.key()), a.ttlMillis());
            state.tokens.computeIfAbsent(a.key(), k -> new ArrayList<>()).add(token);
        } else if (step instanceof Write w) {
            write(w);
        } else if (step instanceof Read r) {
            rig.read(r.actor(), worker(r.actor()).store, rig.key(r.key()));
        } else if (step instanceof Pause p) {
            GcPause.take(rig.recorder(), rig.scenario(), p.actor(), p.millis());
        } else if (step instanceof Kill k) {
            SessionKill.take(rig.recorder(), rig.scenario(), k.worker(), k.worker(),
                    () -> rig.killer().killAll(k.worker()), rig.dataSourceOf(k.worker()));
        } else if (step instanceof Interleaved i) {
            interleaved(i);
        } else if (step instanceof Jump j) {
            Sql.rows(rig.admin(), "SELECT setval('lockdrill_fence', GREATEST(?, "
                    + "(SELECT last_value FROM lockdrill_fence)))", j.below() - 2);
        }
    }

    private void interleaved(Interleaved step) throws Exception {
        List<CallsAtOnce.Call> calls = new ArrayList<>();
        for (String worker : step.workers()) {
            calls.add(new CallsAtOnce.Call(worker, rig.dataSourceOf(worker), () -> {
                take(new Acquire(worker, step.key(), step.ttlMillis()));
                write(new Write(worker, step.key(), false, false));
            }));
        }
        CallsAtOnce.take(rig.recorder(), rig.scenario(), rig.database(), step.seed(), ROUND_TRIPS_PER_CALL, calls);
    }

    private void write(Write w) throws Exception {
        WorkerState state = worker(w.actor());
        List<Long> held = state.tokens.getOrDefault(w.key(), List.of());
        if (held.isEmpty()) {
            return;
        }
        String key = rig.key(w.key());
        long token;
        String value;
        if (w.resend() && state.lastValue.containsKey(w.key())) {
            token = state.lastToken.get(w.key())[0];
            value = state.lastValue.get(w.key());
        } else {
            token = w.older() && held.size() > 1 ? held.get(held.size() - 2) : held.get(held.size() - 1);
            value = w.actor() + " write " + (++state.writes) + " with token " + token;
        }
        state.lastToken.put(w.key(), new long[]{token});
        state.lastValue.put(w.key(), value);
        WriteResult result = rig.write(w.actor(), state.store, key, token, value);
        for (int retry = 0; retry < KilledMidWriteScenario.MAX_RETRIES && result == WriteResult.UNKNOWN; retry++) {
            result = rig.write(w.actor(), state.store, key, token, value);
        }
    }

    @Override
    public void close() {
        rig.close();
    }
}
