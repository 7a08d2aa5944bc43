package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.BreakerStep;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Report;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Setup;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Tick;
import dev.lockdrill.katas.api.breaker.BreakerConfig;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BreakerExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameStepsAndBreaker() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(BreakerExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(BreakerExplorer.generate(new SplittableRandom(seed)));
            assertThat(Setup.of(new SplittableRandom(seed))).isEqualTo(Setup.of(new SplittableRandom(seed)));
        }
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindAndBoundary() {
        Set<Class<?>> kinds = new HashSet<>();
        Set<Long> aroundThreshold = new HashSet<>();
        Set<Long> aroundWaitEnd = new HashSet<>();
        Set<String> modes = new HashSet<>();
        boolean wrapsPastMax = false;
        boolean crossesZero = false;
        for (long seed = 0; seed < 200; seed++) {
            List<BreakerStep> steps = BreakerExplorer.generate(new SplittableRandom(seed));
            assertThat(steps.size()).isBetween(10, 30);
            assertThat(steps.stream().map(BreakerStep::actor).distinct().count()).isGreaterThanOrEqualTo(2);
            for (BreakerStep step : steps) {
                kinds.add(step.getClass());
                if (step instanceof Report r && Math.abs(r.durationNanos() - BreakerExplorer.SLOW_THRESHOLD_NANOS) <= 1) {
                    aroundThreshold.add(r.durationNanos() - BreakerExplorer.SLOW_THRESHOLD_NANOS);
                }
                if (step instanceof Tick t && t.toWaitEnd()) {
                    aroundWaitEnd.add(t.nanos());
                }
                if (step instanceof BreakerExplorer.Dependency d) {
                    modes.add(d.mode());
                }
            }
            long start = Setup.of(new SplittableRandom(seed)).tickerStart();
            wrapsPastMax |= start > Long.MAX_VALUE / 2;
            crossesZero |= start < 0;
        }
        assertThat(kinds).containsExactlyInAnyOrder(BreakerExplorer.Ask.class, Report.class,
                BreakerExplorer.Abandon.class, Tick.class, BreakerExplorer.WallJump.class,
                BreakerExplorer.Dependency.class);
        assertThat(aroundThreshold).containsExactlyInAnyOrder(-1L, 0L, 1L);
        assertThat(aroundWaitEnd).containsExactlyInAnyOrder(-1L, 0L, 1L);
        assertThat(modes).containsExactlyInAnyOrder("down", "slow", "up");
        assertThat(wrapsPastMax).isTrue();
        assertThat(crossesZero).isTrue();
    }

    @Test
    void twoHundredSeedsDrawFractionalThresholdsOnesAndBothOrdersOfTrialOutcomes() {
        Set<String> seen = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            BreakerConfig config = Setup.of(new SplittableRandom(seed)).config();
            for (float threshold : new float[]{config.failureRateThreshold(), config.slowCallRateThreshold()}) {
                if (threshold != Math.round(threshold)) {
                    seen.add("fractional");
                }
                for (int calls = 3; calls <= config.slidingWindowSize(); calls++) {
                    for (int bad = 1; bad < calls; bad++) {
                        float rate = 100f * bad / calls;
                        int tenths = 1000 * bad / calls;
                        if (rate != Math.round(rate) && threshold == tenths / 10f) {
                            seen.add("just-below-a-reachable-rate");
                        } else if (rate != Math.round(rate) && threshold == (tenths + 1) / 10f) {
                            seen.add("just-above-a-reachable-rate");
                        }
                    }
                }
            }
            if (config.minimumNumberOfCalls() == 1) {
                seen.add("minimum-1");
            }
            if (config.permittedNumberOfCallsInHalfOpenState() == 1) {
                seen.add("one-trial");
            }
            Boolean firstTrialFailed = null;
            boolean afterWait = false;
            for (BreakerStep step : BreakerExplorer.generate(new SplittableRandom(seed))) {
                if (step instanceof Tick t && t.toWaitEnd() && t.nanos() >= 0) {
                    afterWait = true;
                    firstTrialFailed = null;
                } else if (step instanceof Report r && afterWait) {
                    if (firstTrialFailed == null) {
                        firstTrialFailed = r.failed();
                    } else if (firstTrialFailed != r.failed()) {
                        seen.add(firstTrialFailed ? "failure-then-success" : "success-then-failure");
                        afterWait = false;
                    }
                }
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("fractional", "just-below-a-reachable-rate",
                "just-above-a-reachable-rate", "minimum-1", "one-trial", "failure-then-success",
                "success-then-failure");
    }
}
