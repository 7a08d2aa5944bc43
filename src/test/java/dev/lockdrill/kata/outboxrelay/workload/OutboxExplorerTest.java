package dev.lockdrill.kata.outboxrelay.workload;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class OutboxExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(OutboxExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(OutboxExplorer.generate(new SplittableRandom(seed)));
        }
    }

    @Test
    void schedulesHaveTenToThirtyStepsAtMostFourRelaysAndStartWithACommit() {
        for (long seed = 0; seed < 200; seed++) {
            List<OutboxExplorer.OutboxStep> steps = OutboxExplorer.generate(new SplittableRandom(seed));
            assertThat(steps).hasSizeBetween(10, 30);
            assertThat(steps.stream().map(OutboxExplorer.OutboxStep::actor).filter(a -> a.startsWith("relay-"))
                    .distinct().count()).isLessThanOrEqualTo(4L);
            assertThat(steps.get(0)).isInstanceOf(OutboxExplorer.Business.class);
        }
    }

    @Test
    void aMaxAboveTheBacklogIsAboveEveryEventAScheduleCanHold() {
        for (long seed = 0; seed < 200; seed++) {
            int events = 0;
            for (OutboxExplorer.OutboxStep step : OutboxExplorer.generate(new SplittableRandom(seed))) {
                events += step instanceof OutboxExplorer.Business b ? b.events().size()
                        : step instanceof OutboxExplorer.Open ? 1 : 0;
            }
            assertThat(events).as("events of seed %d", seed).isLessThan(OutboxExplorer.MORE_THAN_BACKLOG);
        }
    }

    @Test
    void stepsCoverEveryKindOperationAndBoundaryAcross200Seeds() {
        Set<Class<?>> kinds = new HashSet<>();
        Set<Long> boundarySeqs = new HashSet<>();
        Set<String> payloads = new HashSet<>();
        Set<Boolean> timeoutSides = new HashSet<>();
        Set<Integer> maxes = new HashSet<>();
        boolean rollback = false;
        Set<Boolean> lostReplySides = new HashSet<>();
        Set<Integer> relaysAtOnce = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            for (OutboxExplorer.OutboxStep step : OutboxExplorer.generate(new SplittableRandom(seed))) {
                kinds.add(step.getClass());
                assertThat(step.describe()).isNotBlank();
                if (step instanceof OutboxExplorer.Business b) {
                    rollback |= !b.commit();
                    b.events().forEach(e -> {
                        boundarySeqs.add(e.seq());
                        payloads.add(e.payload());
                    });
                } else if (step instanceof OutboxExplorer.Timeout t) {
                    timeoutSides.add(t.ackLost());
                } else if (step instanceof OutboxExplorer.Relay r) {
                    maxes.add(r.max());
                } else if (step instanceof OutboxExplorer.ReplyLost l) {
                    lostReplySides.add(l.committing());
                } else if (step instanceof OutboxExplorer.Interleaved together) {
                    assertThat(together.calls()).hasSizeBetween(2, 3);
                    assertThat(together.calls().stream().map(OutboxExplorer.Relay::actor).distinct())
                            .as("one call per relay: %s", together.describe()).hasSameSizeAs(together.calls());
                    together.calls().forEach(call -> maxes.add(call.max()));
                    together.calls().forEach(call -> assertThat(call.actor()).startsWith("relay-"));
                    relaysAtOnce.add(together.calls().size());
                }
            }
        }
        assertThat(kinds).containsExactlyInAnyOrder(OutboxExplorer.Business.class, OutboxExplorer.Open.class,
                OutboxExplorer.Decide.class, OutboxExplorer.Relay.class, OutboxExplorer.Pause.class,
                OutboxExplorer.Kill.class, OutboxExplorer.KillAfterAccept.class, OutboxExplorer.Crash.class,
                OutboxExplorer.Timeout.class, OutboxExplorer.Outage.class, OutboxExplorer.Stall.class,
                OutboxExplorer.ReplyLost.class, OutboxExplorer.Interleaved.class);
        assertThat(relaysAtOnce).containsExactlyInAnyOrder(2, 3);
        assertThat(lostReplySides).containsExactlyInAnyOrder(true, false);
        assertThat(boundarySeqs).contains((1L << 31) - 1, 1L << 31, 1L << 32, (1L << 53) + 1, Long.MAX_VALUE);
        assertThat(payloads).containsAll(OutboxExplorer.PAYLOADS);
        assertThat(timeoutSides).containsExactlyInAnyOrder(true, false);
        assertThat(maxes).contains(1, 6);
        assertThat(maxes).anyMatch(max -> max >= OutboxExplorer.MORE_THAN_BACKLOG);
        assertThat(rollback).isTrue();
    }
}
