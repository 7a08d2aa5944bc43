package dev.lockdrill.harness.explore;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Steps overlap when one blocks past the hand-out window; a {@link Step.Alone} step never does:
 * it starts after every earlier step ended, and the next starts after it ended.
 */
class StepRunnerTest {
    private record Sleep(String actor, String name, long millis) implements Step {
        public String describe() {
            return name;
        }
    }

    private record AloneSleep(String actor, String name, long millis) implements Step.Alone {
        public String describe() {
            return name;
        }
    }

    private final Map<String, long[]> spans = new ConcurrentHashMap<>();

    private void run(List<Step> steps) throws Exception {
        StepRunner.run(steps, step -> {
            long start = System.nanoTime();
            Thread.sleep(step instanceof Sleep s ? s.millis() : ((AloneSleep) step).millis());
            spans.put(step.describe(), new long[]{start, System.nanoTime()});
        });
    }

    @Test
    void aStepThatBlocksPastTheWindowOverlapsTheNext() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new Sleep("b", "second", 10)));
        assertThat(spans.get("second")[0]).isLessThan(spans.get("first")[1]);
    }

    @Test
    void anAloneStepWaitsForEveryEarlierStepAndTheNextWaitsForIt() throws Exception {
        run(List.of(new Sleep("a", "first", 300), new AloneSleep("scheduler", "alone", 200),
                new Sleep("b", "after", 10)));
        assertThat(spans.get("alone")[0]).isGreaterThanOrEqualTo(spans.get("first")[1]);
        assertThat(spans.get("after")[0]).isGreaterThanOrEqualTo(spans.get("alone")[1]);
    }
}
