package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.harness.explore.Schedule;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import dev.lockdrill.katas.api.breaker.BreakerState;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Random schedules for circuit-breaker: one breaker with a seeded configuration (thresholds whole,
 * fractional, or a tenth of a percent either side of a rate its window can reach) and ticker origin
 * (near {@code Long.MAX_VALUE}, negative, or ordinary), two to four workers that ask for permits,
 * hold several at once, report them (fast, slow, exactly the slow-call threshold or one nanosecond
 * either side, failed or not), or drop them unreported; a nemesis that moves the ticker (a few
 * seconds, hours, or to the end of the open wait, one nanosecond before or after it), jumps the
 * wall clock, and takes the dependency down, makes it slow or brings it back (which outcomes the
 * workers' later reports carry). Each step is taken alone on the breaker, so the trace is
 * sequential and the reference model judges every permit and every transition.
 */
final class BreakerExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final long SLOW_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(2000);

    sealed interface BreakerStep extends Step {
    }

    record Ask(String actor) implements BreakerStep {
        public String describe() {
            return "asks for a permit (and holds it if granted)";
        }
    }

    /** Reports one held permit's call (its oldest or newest); with none held, makes a whole call. */
    record Report(String actor, boolean newest, boolean failed, long durationNanos) implements BreakerStep {
        public String describe() {
            return "reports its " + (newest ? "newest" : "oldest") + " permit's call (or makes one): "
                    + (failed ? "failed" : "succeeded") + " after " + time(durationNanos);
        }
    }

    record Abandon(String actor) implements BreakerStep {
        public String describe() {
            return "drops its oldest permit without reporting an outcome";
        }
    }

    /** {@code toWaitEnd}: to openedAt + wait + {@code nanos} when OPEN (wait + nanos otherwise); else by {@code nanos}. */
    record Tick(String actor, boolean toWaitEnd, long nanos) implements BreakerStep {
        public String describe() {
            return toWaitEnd ? "moves the ticker to the end of the open wait " + (nanos == 0 ? "exactly"
                    : (nanos > 0 ? "+" : "") + nanos + " ns") : "moves the ticker by " + time(nanos);
        }
    }

    record WallJump(String actor, long millis) implements BreakerStep {
        public String describe() {
            return "jumps the wall clock " + (millis > 0 ? "+" : "") + millis / 60_000 + " min";
        }
    }

    /** The dependency's state from now on: "down", "slow" or "up" (it decides the generated outcomes). */
    record Dependency(String actor, String mode) implements BreakerStep {
        public String describe() {
            return "up".equals(mode) ? "brings the dependency back" : "makes the dependency " + mode;
        }
    }

    /** The breaker a schedule's seed configures: the same seed, the same breaker. */
    record Setup(BreakerConfig config, long tickerStart) {
        static Setup of(SplittableRandom random) {
            int window = 1 + random.nextInt(8);
            int minimum = 1 + random.nextInt(window);
            float[] failureRates = {25, 50, 60, 100};
            float[] slowRates = {50, 100};
            Duration wait = random.nextInt(16) == 0 ? Duration.ZERO : Duration.ofMillis(1 + random.nextInt(60_000));
            BreakerConfig config = new BreakerConfig(threshold(random, failureRates, window),
                    threshold(random, slowRates, window), Duration.ofNanos(SLOW_THRESHOLD_NANOS), window,
                    minimum, wait, 1 + random.nextInt(6));
            long span = 2 * Math.max(1, wait.toNanos());
            long[] starts = {VirtualTicker.DEFAULT_START, Long.MAX_VALUE - random.nextLong(span), -random.nextLong(span),
                    Long.MAX_VALUE};
            return new Setup(config, starts[random.nextInt(starts.length)]);
        }

        /**
         * A whole-percentage threshold, any one-decimal one, or one at or a tenth above a rate the
         * window can reach that is not a whole percentage (1 of 3: 33.3 % or 33.4 %).
         */
        private static float threshold(SplittableRandom random, float[] whole, int window) {
            int kind = random.nextInt(3);
            if (kind == 0) {
                return whole[random.nextInt(whole.length)];
            }
            if (kind == 1 || window < 3) {
                return BreakerConfigs.anyThreshold(random);
            }
            int calls = 3 + random.nextInt(window - 2);
            int tenths = 1000 * (1 + random.nextInt(calls - 1)) / calls;
            return (tenths + random.nextInt(2)) / 10f;
        }
    }

    static List<BreakerStep> generate(SplittableRandom random) {
        Setup setup = Setup.of(random);
        int workers = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(21);
        long wait = setup.config().waitDurationInOpenState().toNanos();
        List<BreakerStep> steps = new ArrayList<>();
        String mode = "up";
        for (int i = 0; i < length; i++) {
            String worker = "worker-" + (1 + random.nextInt(workers));
            int roll = random.nextInt(100);
            if (roll < 28) {
                steps.add(new Ask(worker));
            } else if (roll < 62) {
                double failures = "down".equals(mode) ? 0.9 : 0.2;
                steps.add(new Report(worker, random.nextInt(4) == 0, random.nextDouble() < failures,
                        duration(random, "slow".equals(mode))));
            } else if (roll < 67) {
                steps.add(new Abandon(worker));
            } else if (roll < 86) {
                int kind = random.nextInt(20);
                if (kind < 9) {
                    steps.add(new Tick(NEMESIS, true, -1 + random.nextInt(3)));
                } else if (kind < 17) {
                    steps.add(new Tick(NEMESIS, false, 1 + random.nextLong(Math.max(2, wait / 2))));
                } else {
                    steps.add(new Tick(NEMESIS, false, TimeUnit.HOURS.toNanos(1 + random.nextInt(3))));
                }
            } else if (roll < 91) {
                steps.add(new WallJump(NEMESIS, (random.nextBoolean() ? 1 : -2) * 3_600_000L));
            } else {
                String[] modes = {"down", "slow", "up"};
                mode = modes[random.nextInt(modes.length)];
                steps.add(new Dependency(NEMESIS, mode));
            }
        }
        return steps;
    }

    /** Fast, slow, or exactly the slow-call threshold (not slow) or one nanosecond either side of it. */
    private static long duration(SplittableRandom random, boolean slowDependency) {
        int roll = random.nextInt(10);
        if (roll < 2) {
            return SLOW_THRESHOLD_NANOS + random.nextInt(3) - 1;
        }
        if (slowDependency ? roll < 8 : roll < 3) {
            return SLOW_THRESHOLD_NANOS + 1 + TimeUnit.MILLISECONDS.toNanos(random.nextInt(4000));
        }
        return TimeUnit.MILLISECONDS.toNanos(1 + random.nextInt(1500));
    }

    private final BreakerRig rig;
    private final BreakerProbe probe;
    private final ReentrantLock oneStepAtATime = new ReentrantLock();
    private final Map<String, Deque<Long>> permits = new ConcurrentHashMap<>();
    private long openedAt;

    BreakerExplorer(BreakerRig rig, Schedule<BreakerStep> schedule) {
        this.rig = rig;
        Setup setup = Setup.of(new SplittableRandom(schedule.id().seed()));
        this.probe = rig.open("b1", setup.config(), true, setup.tickerStart());
    }

    void take(BreakerStep step) {
        oneStepAtATime.lock();
        try {
            BreakerState before = probe.announced();
            run(step);
            if (probe.announced() == BreakerState.OPEN && before != BreakerState.OPEN) {
                openedAt = probe.ticker().peek();
            }
        } finally {
            oneStepAtATime.unlock();
        }
    }

    private void run(BreakerStep step) {
        VirtualTicker ticker = probe.ticker();
        if (step instanceof Ask a) {
            if (rig.acquire(probe, a.actor(), 0)) {
                held(a.actor()).addLast(ticker.peek());
            }
        } else if (step instanceof Report r) {
            report(r);
        } else if (step instanceof Abandon a) {
            held(a.actor()).pollFirst();
        } else if (step instanceof Tick t) {
            if (!t.toWaitEnd()) {
                ticker.advanceNanos(t.nanos());
                return;
            }
            long wait = probe.config().waitDurationInOpenState().toNanos();
            long target = probe.announced() == BreakerState.OPEN ? openedAt + wait + t.nanos()
                    : ticker.peek() + wait + t.nanos();
            ticker.advanceNanos(Math.max(0, target - ticker.peek()));
        } else if (step instanceof WallJump j) {
            rig.jumpWallClock(probe, j.millis());
        } else if (step instanceof Dependency d && !"up".equals(d.mode())) {
            boolean down = "down".equals(d.mode());
            rig.recorder().fault(down ? Faults.OUTAGE : Faults.SLOW, rig.scenario(), "dependency",
                    rig.recorder().now(), down ? "the dependency fails most calls until it comes back"
                            : "the dependency answers most calls slower than the slow-call threshold");
        }
    }

    /** A legitimate caller: a call that took D started at least D before its outcome is reported. */
    private void report(Report r) {
        VirtualTicker ticker = probe.ticker();
        Deque<Long> held = held(r.actor());
        Long grantedAt = r.newest() ? held.pollLast() : held.pollFirst();
        if (grantedAt == null) {
            if (!rig.acquire(probe, r.actor(), 0)) {
                return;
            }
            grantedAt = ticker.peek();
        }
        ticker.advanceNanos(Math.max(0, grantedAt + r.durationNanos() - ticker.peek()));
        rig.outcome(probe, r.actor(), r.failed(), r.durationNanos());
    }

    private Deque<Long> held(String worker) {
        return permits.computeIfAbsent(worker, w -> new ArrayDeque<>());
    }

    private static String time(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms" : String.format(Locale.ROOT, "%d ns", nanos);
    }

    @Override
    public void close() {
        // an in-memory breaker holds nothing to release
    }
}
