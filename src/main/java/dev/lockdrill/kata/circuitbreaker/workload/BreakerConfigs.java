package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;
import dev.lockdrill.katas.api.breaker.BreakerConfig;

import java.time.Duration;
import java.util.SplittableRandom;

/** Seeded breaker configurations whose rates are exact (even call counts, thresholds of 50 %). */
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
