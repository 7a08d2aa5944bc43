package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.SplittableRandom;

/**
 * Seeded breaker configurations: most with rates that are exact (even call counts, thresholds of 50 %),
 * and {@link Fraction}s for thresholds that are not whole percentages.
 */
final class BreakerConfigs {
    private BreakerConfigs() {
    }

    /**
     * minimumNumberOfCalls even in 4..10, a window at least that big, half-open trials even in 2..6 and
     * at most minimumNumberOfCalls, so the half-open verdict falls due exactly when all trials are back.
     */
    static BreakerConfig failureRate(SplittableRandom random) {
        int minimum = 4 + 2 * random.nextInt(4);
        return new BreakerConfig(50f, 100f, Duration.ofSeconds(10), minimum + random.nextInt(6), minimum,
                Duration.ofSeconds(5 + random.nextInt(56)), trials(random, minimum));
    }

    /** Like {@link #failureRate}, with an odd window: a full window's failure rate is never exactly 50 %. */
    static BreakerConfig oddWindow(SplittableRandom random) {
        int minimum = 4 + 2 * random.nextInt(4);
        return new BreakerConfig(50f, 100f, Duration.ofSeconds(10), minimum + 1 + 2 * random.nextInt(3), minimum,
                Duration.ofSeconds(5 + random.nextInt(56)), trials(random, minimum));
    }

    /** A failure threshold of 100 % over a window of exactly minimumNumberOfCalls. */
    static BreakerConfig allMustFail(SplittableRandom random) {
        int minimum = 4 + 2 * random.nextInt(4);
        return new BreakerConfig(100f, 100f, Duration.ofSeconds(10), minimum, minimum,
                Duration.ofSeconds(5 + random.nextInt(56)), trials(random, minimum));
    }

    static BreakerConfig slowCalls(SplittableRandom random) {
        int minimum = 4 + 2 * random.nextInt(4);
        return new BreakerConfig(100f, 50f, Duration.ofMillis(2000), minimum + random.nextInt(6), minimum,
                Duration.ofSeconds(5 + random.nextInt(56)), trials(random, minimum));
    }

    /**
     * {@code failures} of {@code calls} whose rate is not a whole percentage (33.33 %, 12.5 %, 88.89 %), with
     * two one-decimal thresholds around it: {@code reached} at or just below the rate (it must trip;
     * exactly the rate when the rate has one decimal), {@code missed} just above it and below the next
     * whole percentage (it must not). A rate in whole percentages never reaches {@code reached}; a
     * threshold cut to a whole percentage is reached by the rate that misses {@code missed}.
     */
    record Fraction(int calls, int failures, float reached, float missed) {
        private static final int[] CALLS = {3, 6, 7, 8, 9};

        static Fraction draw(SplittableRandom random) {
            int calls = CALLS[random.nextInt(CALLS.length)];
            int failures;
            do {
                failures = 1 + random.nextInt(calls - 1);
            } while (100 * failures % calls == 0);
            int tenths = 1000 * failures / calls;
            return new Fraction(calls, failures, tenths / 10f, (tenths + 1) / 10f);
        }

        /** The seeded order of the outcomes: true for the {@code failures} failed (or slow) ones. */
        boolean[] shuffled(SplittableRandom random) {
            boolean[] outcomes = new boolean[calls];
            for (int i = 0; i < failures; i++) {
                outcomes[i] = true;
            }
            for (int i = calls - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                boolean swap = outcomes[i];
                outcomes[i] = outcomes[j];
                outcomes[j] = swap;
            }
            return outcomes;
        }

        String describe() {
            return failures + " of " + calls;
        }
    }

    /** A one-decimal threshold in (0, 100]: a tenth of a percent to 100 %. */
    static float anyThreshold(SplittableRandom random) {
        return (1 + random.nextInt(1000)) / 10f;
    }

    private static int trials(SplittableRandom random, int minimum) {
        return 2 + 2 * random.nextInt(Math.min(3, minimum / 2));
    }

    static BreakerSetup describe(String breaker, BreakerConfig config, boolean sequential) {
        return new BreakerSetup(breaker, sequential, config.failureRateThreshold(), config.slowCallRateThreshold(),
                config.slowCallDurationThreshold().toNanos(), config.slidingWindowSize(),
                config.minimumNumberOfCalls(), config.waitDurationInOpenState().toNanos(),
                config.permittedNumberOfCallsInHalfOpenState());
    }
}
