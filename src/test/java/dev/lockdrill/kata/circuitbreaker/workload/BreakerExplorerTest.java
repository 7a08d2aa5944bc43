package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.BreakerStep;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Report;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Setup;
import dev.lockdrill.kata.circuitbreaker.workload.BreakerExplorer.Tick;
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
}
