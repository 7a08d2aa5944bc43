package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.EventCodec;
import dev.lockdrill.history.LaneHistories;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Scenarios in lanes run side by side, in their order within a lane; with one lane, one after another as before. */
class LanesTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Recorder recorder = new Recorder(new EventSink(new PrintStream(out, true, StandardCharsets.UTF_8)));

    private WorkloadContext context(int lanes) {
        return new WorkloadContext(1, recorder, null, null, lanes);
    }

    private List<Event> events() {
        return out.toString(StandardCharsets.UTF_8).lines().map(EventCodec::decode).flatMap(Optional::stream).toList();
    }

    private static final List<String> SCENARIOS = List.of("waits", "opens", "after");
    private static final List<Set<String>> GROUPS = List.of(Set.of("waits", "after"), Set.of("opens"));

    @Test
    void lanesRunSideBySideAndInOrderWithinALane() throws Exception {
        CountDownLatch opened = new CountDownLatch(1);
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        Lanes.run(context(2), SCENARIOS, s -> s, GROUPS, (lane, scenarios) -> {
            for (String scenario : scenarios) {
                if (scenario.equals("waits")) {
                    // only a lane running at the same time can open it
                    ran.add(scenario + (opened.await(10, TimeUnit.SECONDS) ? " (opened)" : " (alone)"));
                } else {
                    ran.add(scenario);
                    opened.countDown();
                }
            }
        });

        assertThat(ran).contains("waits (opened)");
        assertThat(ran.indexOf("after")).isGreaterThan(ran.indexOf("waits (opened)"));
        Event.Observed lanes = events().stream().filter(e -> e instanceof Event.Observed o
                && o.name().equals(LaneHistories.OBSERVATION)).map(Event.Observed.class::cast).findFirst().orElseThrow();
        assertThat(lanes.rows()).containsExactlyInAnyOrder(
                Map.of(LaneHistories.SCENARIO, "waits", LaneHistories.LANE, 0),
                Map.of(LaneHistories.SCENARIO, "opens", LaneHistories.LANE, 1),
                Map.of(LaneHistories.SCENARIO, "after", LaneHistories.LANE, 0));
    }

    @Test
    void withOneLaneTheScenariosRunInTheirOrderOnTheCallersThread() throws Exception {
        List<String> ran = new ArrayList<>();
        Thread caller = Thread.currentThread();
        Lanes.run(context(1), SCENARIOS, s -> s, GROUPS, (lane, scenarios) -> {
            assertThat(Thread.currentThread()).isSameAs(caller);
            ran.addAll(scenarios);
        });

        assertThat(ran).containsExactlyElementsOf(SCENARIOS);
        assertThat(events()).noneMatch(e -> e instanceof Event.Observed);
    }

    @Test
    void aLaneThatFailsFailsTheRunAfterTheOtherLanesFinished() {
        List<String> finished = Collections.synchronizedList(new ArrayList<>());
        assertThatThrownBy(() -> Lanes.run(context(2), SCENARIOS, s -> s, GROUPS, (lane, scenarios) -> {
            if (scenarios.contains("opens")) {
                throw new HarnessException("the constructor threw");
            }
            Pause.millis(50);
            finished.addAll(scenarios);
        })).isInstanceOf(HarnessException.class).hasMessage("the constructor threw");
        assertThat(finished).containsExactly("waits", "after");
    }

    @Test
    void aGroupNamingNoScenarioIsTheWorkloadsMistake() {
        assertThatThrownBy(() -> Lanes.run(context(2), SCENARIOS, s -> s, List.of(Set.of("waits"), Set.of("typo")),
                (lane, scenarios) -> { }))
                .isInstanceOf(HarnessException.class).hasMessageContaining("typo");
    }

    @Test
    void aScenariosDeliberateWaitsAreTimedOnceEvenWhenTheyOverlap() throws Exception {
        Scenarios.timed(context(1), "paused", "two workers pause together, then one more", () -> {
            Thread other = new Thread(() -> Pause.millis(120));
            other.start();
            Pause.millis(120);
            other.join();
            Pause.millis(60);
        });
        Scenarios.timed(context(1), "busy", "no pause", () -> {
            long end = System.nanoTime() + 30_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        });

        Map<String, Map<String, Object>> timing = new java.util.HashMap<>();
        events().stream().filter(e -> e instanceof Event.Observed o && o.name().equals(Scenarios.TIMING))
                .map(Event.Observed.class::cast).forEach(o -> timing.put(o.scenario(), o.rows().get(0)));
        long waited = ((Number) timing.get("paused").get(Scenarios.WAIT_MICROS)).longValue();
        long wall = ((Number) timing.get("paused").get(Scenarios.WALL_MICROS)).longValue();
        assertThat(waited).isBetween(180_000L, wall);
        assertThat(waited).isLessThan(240_000L + (wall - 180_000L));
        assertThat(((Number) timing.get("busy").get(Scenarios.WAIT_MICROS)).longValue()).isZero();
    }
}
