package dev.lockdrill.history;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** A reading shared by the invariants of one history is worked out once, and never handed to another history. */
class PerHistoryTest {
    private static History history(long seed) {
        return new History(seed, List.of(), List.of(), List.of());
    }

    @Test
    void oneHistoryIsReadOnceAndAnEqualOneAgain() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        PerHistory<Long> seeds = new PerHistory<>(h -> {
            reads.incrementAndGet();
            return h.seed();
        });
        History first = history(1);
        assertThat(seeds.of(first)).isEqualTo(1L);
        assertThat(seeds.of(first)).isEqualTo(1L);
        assertThat(reads).hasValue(1);
        // equal, not the same: read again (a memo by content would have to hash every op)
        assertThat(seeds.of(history(1))).isEqualTo(1L);
        assertThat(reads).hasValue(2);
        assertThat(seeds.of(history(2))).isEqualTo(2L);

        // another thread (the reference's run is judged beside the learner's) reads for itself
        Thread other = new Thread(() -> seeds.of(first));
        other.start();
        other.join();
        assertThat(reads).hasValue(4);
    }

    @Test
    void theLanesOfOneCheckAreEachReadOnceWhileTheyAreJudgedInTurn() {
        AtomicInteger reads = new AtomicInteger();
        PerHistory<Long> seeds = new PerHistory<>(h -> {
            reads.incrementAndGet();
            return h.seed();
        });
        List<History> lanes = new ArrayList<>();
        for (int lane = 0; lane < 4; lane++) {
            lanes.add(history(lane));
        }
        for (int invariant = 0; invariant < 10; invariant++) {
            for (History lane : lanes) {
                assertThat(seeds.of(lane)).isEqualTo(lane.seed());
            }
        }
        assertThat(reads).hasValue(4);
    }
}
