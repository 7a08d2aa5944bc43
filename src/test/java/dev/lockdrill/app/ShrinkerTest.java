package dev.lockdrill.app;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class ShrinkerTest {
    /** Runs ddmin to the end against a failure predicate, as the explorer does with check processes. */
    private static List<Integer> shrink(List<Integer> steps, Predicate<List<Integer>> fails) {
        Shrinker shrinker = new Shrinker(steps);
        for (int round = 0; round < 1_000; round++) {
            List<List<Integer>> proposals = shrinker.proposals();
            if (proposals.isEmpty()) {
                break;
            }
            int first = -1;
            for (int i = 0; i < proposals.size(); i++) {
                if (fails.test(proposals.get(i))) {
                    first = i;
                    break;
                }
            }
            shrinker.outcome(proposals, first);
        }
        return shrinker.current();
    }

    @Test
    void aFailureNeedingTwoStepsShrinksToThoseTwo() {
        List<Integer> steps = IntStream.range(0, 30).boxed().toList();
        assertThat(shrink(steps, s -> s.contains(7) && s.contains(23))).containsExactly(7, 23);
    }

    @Test
    void aFailureNeedingOneStepShrinksToIt() {
        List<Integer> steps = IntStream.range(0, 17).boxed().toList();
        assertThat(shrink(steps, s -> s.contains(16))).containsExactly(16);
    }

    @Test
    void aFailureThatNeedsEveryStepKeepsThemAll() {
        List<Integer> steps = List.of(2, 4, 6, 8);
        assertThat(shrink(steps, s -> s.size() == 4)).containsExactly(2, 4, 6, 8);
    }

    @Test
    void theKeptStepsStayInScheduleOrder() {
        List<Integer> steps = IntStream.range(0, 12).boxed().toList();
        assertThat(shrink(steps, s -> s.containsAll(List.of(1, 5, 9)))).containsExactly(1, 5, 9);
    }
}
