package dev.lockdrill.kata.redlock.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A check process started ahead of its check brings up one set of five nodes per lane; the check's
 * lanes take those sets (fresh: no key on any node), and the sets no lane took are stopped.
 */
class StartedAheadTest {

    @Test
    void lanesTakeTheSetsStartedAheadAndTheRestAreStopped() throws Exception {
        new RedlockWorkload().prepareAhead();
        List<Long> started = redisServers();
        assertThat(started).hasSize(5 * RedlockWorkload.LANES.size());
        List<Long> taken;
        try (RedisNodes lane = RedlockWorkload.nodes()) {
            taken = new ArrayList<>(lane.pids());
            assertThat(started).containsAll(taken);
            for (String node : lane.names()) {
                assertThat(lane.direct(node).dbSize()).as("node " + node + " is fresh").isZero();
            }
            RedlockWorkload.closeUnused();
            assertThat(redisServers()).containsExactlyInAnyOrderElementsOf(taken);
        }
        assertThat(redisServers()).isEmpty();
        try (RedisNodes none = RedlockWorkload.nodes()) {
            assertThat(started).as("with none left, a set is started").doesNotContainAnyElementsOf(none.pids());
        }
    }

    /** The redis-server processes this JVM started (the machine's own server is not its child). */
    private static List<Long> redisServers() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.contains("/redis-")).orElse(false)) // redis-server links to redis-check-rdb
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid).toList();
    }
}
