package dev.lockdrill.score;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayCommandTest {
    private static CheckResult result(String source, boolean compared) {
        ImplementationRun run = new ImplementationRun(source, RunStatus.FAIL, List.of(), List.of(), "", "", List.of(),
                1, null);
        return new CheckResult("fencing-token", RunStatus.FAIL, 33, null, Instant.EPOCH, run, compared ? run : null,
                new Scorecard(0, 0, 0, 0, List.of()));
    }

    @Test
    void replayReproducesTheExactRun() {
        assertThat(result("katas/fencing-token", true).replayCommand())
                .isEqualTo("lockdrill check fencing-token --seed 33");
        assertThat(result("katas/fencing-token", false).replayCommand())
                .isEqualTo("lockdrill check fencing-token --seed 33 --no-compare");
        assertThat(result("solutions/fencing-token", false).replayCommand())
                .isEqualTo("lockdrill check fencing-token --reference --seed 33");
        assertThat(result("/tmp/my attempt", false).replayCommand())
                .isEqualTo("lockdrill check fencing-token --from '/tmp/my attempt' --seed 33 --no-compare");
    }
}
