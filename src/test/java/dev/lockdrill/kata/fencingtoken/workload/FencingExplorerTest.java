package dev.lockdrill.kata.fencingtoken.workload;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class FencingExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(FencingExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(FencingExplorer.generate(new SplittableRandom(seed)));
        }
        assertThat(FencingExplorer.generate(new SplittableRandom(1)))
                .isNotEqualTo(FencingExplorer.generate(new SplittableRandom(2)));
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindAndMoveTokensPastBothIntegerLimits() {
        Set<String> seen = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            List<FencingExplorer.FencingStep> steps = FencingExplorer.generate(new SplittableRandom(seed));
            assertThat(steps).hasSizeBetween(10, 30);
            assertThat(steps.stream().filter(s -> s instanceof FencingExplorer.Jump)).hasSizeLessThanOrEqualTo(1);
            for (FencingExplorer.FencingStep step : steps) {
                seen.add(step.getClass().getSimpleName());
                assertThat(step.describe()).isNotBlank();
                if (step instanceof FencingExplorer.Jump j) {
                    seen.add("past-" + Long.numberOfTrailingZeros(j.below()));
                } else if (step instanceof FencingExplorer.Write w) {
                    seen.add(w.resend() ? "resend" : w.older() ? "older-token" : "current-token");
                } else if (step instanceof FencingExplorer.Interleaved together) {
                    assertThat(together.workers()).hasSizeBetween(2, 3).doesNotHaveDuplicates();
                    seen.add("together-" + together.workers().size());
                }
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("Acquire", "Write", "Read", "Pause", "Kill", "Jump", "past-31",
                "past-32", "resend", "older-token", "current-token", "Interleaved", "together-2", "together-3");
    }
}
