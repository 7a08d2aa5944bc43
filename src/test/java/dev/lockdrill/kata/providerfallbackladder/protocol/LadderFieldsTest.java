package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.Channel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ladder's setup row is its record's own serialization: it comes back equal across the event
 * channel, rung order and timeouts past 32 bits of nanoseconds included (written down here, so a
 * renamed component fails).
 */
class LadderFieldsTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void setupRowKeepsRungOrderAndLongTimeouts() {
        LadderSetup setup = new LadderSetup("l1", List.of("p2", "p1", "p3"),
                List.of(15 * SECOND, 3 * SECOND, 15 * SECOND), 40 * SECOND, 30 * SECOND, 1_000 * SECOND);
        Map<String, Object> row = Channel.rowAcross(setup.toRow());
        assertThat(row).isEqualTo(Map.of("ladder", "l1", "providers", List.of("p2", "p1", "p3"),
                "timeoutsNanos", List.of(15 * SECOND, 3 * SECOND, 15 * SECOND), "budgetNanos", 40 * SECOND,
                "ttlNanos", 30 * SECOND, "originTick", 1_000 * SECOND));
        LadderSetup back = LadderSetup.of(row);
        assertThat(back).isEqualTo(setup);
        assertThat(back.rungOf("p1")).isEqualTo(1);
        assertThat(back.rungs()).isEqualTo(3);
    }
}
