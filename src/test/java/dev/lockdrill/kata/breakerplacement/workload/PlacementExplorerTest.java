package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.workload.PlacementExplorer.Credential;
import dev.lockdrill.kata.breakerplacement.workload.PlacementExplorer.Emit;
import dev.lockdrill.kata.breakerplacement.workload.PlacementExplorer.Platform;
import dev.lockdrill.kata.breakerplacement.workload.PlacementExplorer.PlacementStep;
import dev.lockdrill.kata.breakerplacement.workload.PlacementExplorer.RateLimit;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class PlacementExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameStepsAndKeys() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(PlacementExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(PlacementExplorer.generate(new SplittableRandom(seed)));
            assertThat(PlacementExplorer.keys(new SplittableRandom(seed)))
                    .isEqualTo(PlacementExplorer.keys(new SplittableRandom(seed)));
        }
    }

    @Test
    void everyScheduleSharesOneCredentialIdAcrossTwoPlatforms() {
        for (long seed = 0; seed < 200; seed++) {
            List<String> keys = PlacementExplorer.keys(new SplittableRandom(seed));
            assertThat(keys).doesNotHaveDuplicates();
            assertThat(keys.stream().filter(k -> k.endsWith("/acme"))).hasSize(2);
        }
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindAndAnswer() {
        Set<Class<?>> kinds = new HashSet<>();
        Set<Integer> statuses = new HashSet<>();
        Set<Long> retryAfters = new HashSet<>();
        Set<String> items = new HashSet<>();
        Set<RateLimitAnswer> answers = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            List<PlacementStep> steps = PlacementExplorer.generate(new SplittableRandom(seed));
            assertThat(steps.size()).isBetween(10, 30);
            for (PlacementStep step : steps) {
                kinds.add(step.getClass());
                if (step instanceof Credential c) {
                    statuses.add(c.status());
                } else if (step instanceof Platform p) {
                    statuses.add(p.status());
                } else if (step instanceof RateLimit r) {
                    retryAfters.add(r.millis());
                    answers.add(r.answer());
                } else if (step instanceof Emit e && !e.payload().startsWith("update")) {
                    items.add(e.payload());
                }
            }
        }
        assertThat(kinds).containsExactlyInAnyOrder(Emit.class, PlacementExplorer.HandBack.class, Credential.class,
                Platform.class, RateLimit.class);
        assertThat(statuses).containsExactlyInAnyOrder(0, 401, 403, 500, 502, 503, 504);
        assertThat(retryAfters).contains(999L, 1000L, 1001L);
        assertThat(items).containsExactlyInAnyOrder("gone", "missing", "invalid", "not-accessible");
        assertThat(answers).containsExactlyInAnyOrder(RateLimitAnswer.values());
    }
}
