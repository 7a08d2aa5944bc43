package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.kata.bulkhead.workload.BulkheadExplorer.BulkheadStep;
import dev.lockdrill.kata.bulkhead.workload.BulkheadExplorer.Burst;
import dev.lockdrill.kata.bulkhead.workload.BulkheadExplorer.Fault;
import dev.lockdrill.kata.bulkhead.workload.BulkheadExplorer.Setup;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class BulkheadExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameStepsAndBulkheads() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(BulkheadExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(BulkheadExplorer.generate(new SplittableRandom(seed)));
            assertThat(Setup.of(new SplittableRandom(seed))).isEqualTo(Setup.of(new SplittableRandom(seed)));
        }
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindFaultAndBurstSize() {
        Set<Class<?>> kinds = new HashSet<>();
        Set<String> modes = new HashSet<>();
        Set<String> firstThrown = new HashSet<>();
        boolean exactlyTheLimit = false;
        boolean overTheLimit = false;
        boolean heldPastTheTimeout = false;
        for (long seed = 0; seed < 200; seed++) {
            Setup setup = Setup.of(new SplittableRandom(seed));
            List<BulkheadStep> steps = BulkheadExplorer.generate(new SplittableRandom(seed));
            assertThat(steps.size()).isBetween(10, 30);
            for (BulkheadStep step : steps) {
                kinds.add(step.getClass());
                if (step instanceof Fault f) {
                    modes.add(f.mode());
                    if ("fail".equals(f.mode())) {
                        firstThrown.add(f.checkedFirst() ? "checked" : "unchecked");
                    }
                    heldPastTheTimeout |= f.holdMillis() > setup.callTimeout().toMillis() + 1000;
                }
                if (step instanceof Burst b) {
                    int limit = setup.limits().get(b.dependency());
                    exactlyTheLimit |= b.calls() == limit;
                    overTheLimit |= b.calls() > limit;
                }
            }
        }
        assertThat(kinds).containsExactlyInAnyOrder(BulkheadExplorer.Call.class, Burst.class,
                BulkheadExplorer.Cancel.class, BulkheadExplorer.Idle.class, BulkheadExplorer.Think.class,
                Fault.class);
        assertThat(modes).containsExactlyInAnyOrder("hang", "fail", "recover");
        assertThat(firstThrown).as("a failing dependency's first exception").containsExactlyInAnyOrder("checked",
                "unchecked");
        assertThat(exactlyTheLimit).isTrue();
        assertThat(overTheLimit).isTrue();
        assertThat(heldPastTheTimeout).isTrue();
    }
}
