package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.harness.explore.Schedule;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderFaults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Random schedules for the ladder: one ladder of three providers with a seeded configuration
 * (timeouts of 1-15 s, a budget of 5-45 s, so that it binds or not, a TTL of 1-60 s), two to four
 * workers that run jobs (now and then a wrong request, which a serving provider answers 4xx), and a
 * nemesis that moves time (a few seconds, minutes, or to a provider's expiry tick, one nanosecond
 * before or after it), turns providers up, hung, failing fast or slow, and starts waves of 2-6
 * jobs together at a provider's expiry tick (forced as expiry-stampede forces it). Each step is
 * taken alone on the ladder: a lone job is judged against one exact state, a wave leniently.
 */
final class LadderExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final int RUNGS = 3;

    sealed interface LadderStep extends Step {
    }

    record RunJob(String actor, int clientError) implements LadderStep {
        public String describe() {
            return clientError > 0 ? "runs a wrong request (a serving provider answers " + clientError + ")"
                    : "runs a job";
        }
    }

    /** {@code toExpiry}: to rung's last failure + TTL + nanos; else by {@code nanos}. */
    record Tick(String actor, boolean toExpiry, int rung, long nanos) implements LadderStep {
        public String describe() {
            return toExpiry ? "moves time to p" + (rung + 1) + "'s expiry tick " + (nanos == 0 ? "exactly"
                    : (nanos > 0 ? "+" : "") + nanos + " ns") : "moves time by " + nanos / 1_000_000 + " ms";
        }
    }

    /**
     * {@code workers} jobs start together at {@code rung}'s expiry tick (now, if it never failed), as
     * expiry-stampede forces it: no call moves time until all have started, ticker reads wait for
     * each other, and the first call to that rung is held until the other jobs have ended.
     */
    record Wave(String actor, int rung, int workers) implements LadderStep {
        public String describe() {
            return "starts " + workers + " jobs together at p" + (rung + 1) + "'s expiry tick, its first call held";
        }
    }

    record Turn(String actor, int rung, FakeProvider.Mode mode) implements LadderStep {
        public String describe() {
            return "turns p" + (rung + 1) + " " + mode.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    /** The ladder a schedule's seed configures: the same seed, the same ladder. */
    record Setup(List<Duration> timeouts, Duration budget, Duration ttl) {
        static Setup of(SplittableRandom random) {
            List<Duration> timeouts = new ArrayList<>();
            for (int i = 0; i < RUNGS; i++) {
                timeouts.add(Duration.ofMillis(1_000 + random.nextInt(14_001)));
            }
            return new Setup(timeouts, Duration.ofMillis(5_000 + random.nextInt(40_001)),
                    Duration.ofMillis(1_000 + random.nextInt(59_001)));
        }
    }

    static List<LadderStep> generate(SplittableRandom random) {
        Setup.of(random);
        int workers = 2 + random.nextInt(3);
        int length = 15 + random.nextInt(26);
        List<LadderStep> steps = new ArrayList<>();
        FakeProvider.Mode[] modes = FakeProvider.Mode.values();
        for (int i = 0; i < length; i++) {
            int roll = random.nextInt(100);
            if (roll < 50) {
                String worker = "worker-" + (1 + random.nextInt(workers));
                steps.add(new RunJob(worker, random.nextInt(10) == 0 ? (random.nextBoolean() ? 400 : 422) : 0));
            } else if (roll < 58) {
                steps.add(new Wave(NEMESIS, random.nextInt(RUNGS), 2 + random.nextInt(5)));
            } else if (roll < 80) {
                int kind = random.nextInt(10);
                if (kind < 4) {
                    steps.add(new Tick(NEMESIS, true, random.nextInt(RUNGS), -1 + random.nextInt(3)));
                } else if (kind < 9) {
                    steps.add(new Tick(NEMESIS, false, 0, TimeUnit.MILLISECONDS.toNanos(1 + random.nextInt(20_000))));
                } else {
                    steps.add(new Tick(NEMESIS, false, 0, TimeUnit.MINUTES.toNanos(1 + random.nextInt(5))));
                }
            } else {
                steps.add(new Turn(NEMESIS, random.nextInt(RUNGS), modes[random.nextInt(modes.length)]));
            }
        }
        return steps;
    }

    private final LadderRig rig;
    private final Ladder ladder;
    private final ReentrantLock oneStepAtATime = new ReentrantLock();

    LadderExplorer(LadderRig rig, Schedule<LadderStep> schedule) {
        this.rig = rig;
        Setup setup = Setup.of(new SplittableRandom(schedule.id().seed()));
        this.ladder = rig.open("l1", setup.timeouts(), setup.budget(), setup.ttl());
    }

    void take(LadderStep step) throws Exception {
        oneStepAtATime.lock();
        try {
            run(step);
        } finally {
            oneStepAtATime.unlock();
        }
    }

    private void run(LadderStep step) throws Exception {
        if (step instanceof RunJob job) {
            if (job.clientError() > 0) {
                rig.wrongJob(ladder, job.actor(), job.clientError());
            } else {
                rig.job(ladder, job.actor());
            }
        } else if (step instanceof Tick tick) {
            if (!tick.toExpiry()) {
                ladder.ticker().advanceTo(ladder.ticker().peek() + tick.nanos());
                return;
            }
            long failed = ladder.provider(tick.rung()).lastFailureEnd();
            if (failed != Long.MIN_VALUE) {
                ladder.ticker().advanceTo(failed + ladder.ttlNanos() + tick.nanos());
            }
        } else if (step instanceof Wave wave) {
            wave(wave);
        } else if (step instanceof Turn turn) {
            FakeProvider provider = ladder.provider(turn.rung());
            provider.mode(turn.mode());
            if (turn.mode() != FakeProvider.Mode.UP) {
                rig.recorder().fault(turn.mode() == FakeProvider.Mode.SLOW ? Faults.SLOW
                                : turn.mode() == FakeProvider.Mode.HANG ? Faults.HANG : Faults.OUTAGE,
                        rig.scenario(), provider.name(), rig.recorder().now(), "p" + (turn.rung() + 1) + " "
                                + turn.describe().substring("turns p1 ".length()) + " from now on");
            }
        }
    }

    private void wave(Wave wave) throws Exception {
        FakeProvider probed = ladder.provider(wave.rung());
        if (probed.lastFailureEnd() != Long.MIN_VALUE) {
            ladder.ticker().advanceTo(probed.lastFailureEnd() + ladder.ttlNanos());
        }
        long start = rig.recorder().now();
        Hold hold = new Hold(wave.workers());
        ladder.providers().forEach(p -> p.hold(hold, p == probed));
        ReadGate gate = new ReadGate(hold);
        ladder.ticker().arm(gate);
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (int w = 1; w <= wave.workers(); w++) {
                jobs.add(rig.submit(ladder, "worker-" + w, 0, hold));
            }
            for (Future<?> job : jobs) {
                job.get(30, TimeUnit.SECONDS);
            }
        } finally {
            ladder.ticker().disarm();
            ladder.providers().forEach(p -> p.hold(null, false));
        }
        boolean landed = hold.allStarted() && !Boolean.FALSE.equals(hold.releasedByOthers())
                && gate.timedOutRounds() == 0;
        String why = !hold.allStarted() ? "they were not all handed over in time"
                : gate.timedOutRounds() > 0 ? "a round of ticker reads was let go with a job still running that had not read"
                : "the others did not end while its first call was held: did they wait for it?";
        rig.recorder().fault(LadderFaults.EXPIRY_WAVE, rig.scenario(), probed.name(), start, landed,
                wave.workers() + " jobs started together at " + probed.name() + "'s expiry tick"
                        + (landed ? "" : ", but " + why));
    }

    @Override
    public void close() {
        rig.close();
    }
}
