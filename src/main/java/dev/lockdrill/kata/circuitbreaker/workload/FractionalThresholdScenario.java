package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerConfigs.Fraction;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * Thresholds that are not whole percentages, drawn per seed around a rate that is not one either
 * (1 failure in 3 against 33.3 % and 33.4 %; 1 in 8 against 12.5 % and 12.6 %). Failure rate, then
 * slow-call rate: b1 (b3) gets the threshold the rate reaches and must open on the
 * minimumNumberOfCalls-th call, then reopen on trials with the same rate; b2 (b4) gets the
 * threshold just above the rate and must stay closed, then, opened by failures, close on such
 * trials. The outcomes come in a seeded order. b5 has minimumNumberOfCalls and
 * permittedNumberOfCallsInHalfOpenState of 1 and any threshold: one call opens it, one trial decides.
 */
final class FractionalThresholdScenario implements BreakerScenario {
    private static final long SLOW_NANOS = Duration.ofMillis(2000).toNanos();

    @Override
    public String name() {
        return Scenarios.FRACTIONAL_THRESHOLDS;
    }

    @Override
    public String summary() {
        return "thresholds like 33.3 %: a rate just at or above one opens, just under one does not; "
                + "a minimum and a trial count of 1";
    }

    @Override
    public void run(BreakerRig rig) {
        SplittableRandom random = rig.random();
        Fraction failures = Fraction.draw(random);
        reaches(rig, "b1", failures, config(failures.reached(), 100f, failures, random), false, random);
        misses(rig, "b2", failures, config(failures.missed(), 100f, failures, random), false, random);
        Fraction slow = Fraction.draw(random);
        reaches(rig, "b3", slow, config(100f, slow.reached(), slow, random), true, random);
        misses(rig, "b4", slow, config(100f, slow.missed(), slow, random), true, random);
        ones(rig, random);
    }

    /** minimumNumberOfCalls and the trials are the fraction's calls, so each verdict is on exactly that many. */
    private static BreakerConfig config(float failureRate, float slowRate, Fraction fraction, SplittableRandom random) {
        return new BreakerConfig(failureRate, slowRate, Duration.ofNanos(SLOW_NANOS),
                fraction.calls() + random.nextInt(4), fraction.calls(), Duration.ofSeconds(1 + random.nextInt(60)),
                fraction.calls());
    }

    private static void reaches(BreakerRig rig, String id, Fraction fraction, BreakerConfig config, boolean slow,
                                SplittableRandom random) {
        BreakerProbe probe = rig.open(id, config, true);
        calls(rig, probe, fraction.shuffled(random), slow, random);
        rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
        calls(rig, probe, fraction.shuffled(random), slow, random);
        rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
        calls(rig, probe, new boolean[fraction.calls()], slow, random);
        rig.call(probe, false, 5);
    }

    private static void misses(BreakerRig rig, String id, Fraction fraction, BreakerConfig config, boolean slow,
                               SplittableRandom random) {
        BreakerProbe probe = rig.open(id, config, true);
        calls(rig, probe, fraction.shuffled(random), slow, random);
        rig.call(probe, false, 5);
        rig.failFast(probe, config.slidingWindowSize());
        rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
        calls(rig, probe, fraction.shuffled(random), slow, random);
        rig.call(probe, false, 5);
    }

    /** One call per outcome: failed (or slow: longer than the threshold) where {@code marked}, else fine. */
    private static void calls(BreakerRig rig, BreakerProbe probe, boolean[] marked, boolean slow,
                              SplittableRandom random) {
        for (boolean bad : marked) {
            if (slow) {
                rig.callNanos(probe, false, bad ? SLOW_NANOS + 1 + random.nextInt(1000) * 1_000_000L
                        : SLOW_NANOS - random.nextInt(2) * random.nextInt(1000) * 1_000_000L);
            } else {
                rig.call(probe, bad, 1 + random.nextInt(50));
            }
        }
    }

    /** minimumNumberOfCalls and permitted trials of 1, any threshold: a seeded walk of calls and waits. */
    private static void ones(BreakerRig rig, SplittableRandom random) {
        BreakerConfig config = new BreakerConfig(BreakerConfigs.anyThreshold(random),
                BreakerConfigs.anyThreshold(random), Duration.ofNanos(SLOW_NANOS), 1 + random.nextInt(4), 1,
                Duration.ofSeconds(1 + random.nextInt(60)), 1);
        BreakerProbe probe = rig.open("b5", config, true);
        rig.call(probe, true, 5);
        for (int i = 0; i < 16; i++) {
            if (random.nextInt(4) == 0) {
                rig.advanceTo(probe, probe.ticker().peek(), config.waitDurationInOpenState().toMillis() + 1);
            } else {
                rig.callNanos(probe, random.nextInt(3) == 0, random.nextBoolean() ? SLOW_NANOS + 1 : SLOW_NANOS);
            }
        }
    }
}
