package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The circuit breaker's op and observation records are their own serialization: each comes back equal across the
 * event channel, with exactly the fields the hand-written maps wrote (written down here, so a
 * renamed component fails).
 */
class BreakerFieldsTest {
    @Test
    void acquireLeavesOutRoundZero() {
        Acquire outside = new Acquire("b-1", 1200, 0);
        assertThat(Channel.across(outside.toMap())).isEqualTo(Map.of("breaker", "b-1", "tick", 1200));
        assertThat(Acquire.of(Channel.withArgs(BreakerOp.ACQUIRE.label(), outside.toMap()))).isEqualTo(outside);
        Acquire racing = new Acquire("b-1", 5_000_000_000L, 3);
        assertThat(Channel.across(racing.toMap()))
                .isEqualTo(Map.of("breaker", "b-1", "tick", 5_000_000_000L, "round", 3));
        assertThat(Acquire.of(Channel.withArgs(BreakerOp.ACQUIRE.label(), racing.toMap()))).isEqualTo(racing);
    }

    @Test
    void callOutcomeFailedIsTheOpTypeNotAField() {
        CallOutcome failed = new CallOutcome("b-1", 30, 2_000_000, true);
        assertThat(Channel.across(failed.toMap()))
                .isEqualTo(Map.of("breaker", "b-1", "tick", 30, "durationNanos", 2_000_000));
        assertThat(CallOutcome.of(Channel.withArgs(failed.op().label(), failed.toMap()))).isEqualTo(failed);
        CallOutcome succeeded = new CallOutcome("b-1", 30, 2_000_000, false);
        assertThat(CallOutcome.of(Channel.withArgs(succeeded.op().label(), succeeded.toMap()))).isEqualTo(succeeded);
    }

    @Test
    void transitionRecordsStatesByNameAndNoStateAsTheTextNull() {
        Transition opened = new Transition("b-1", State.CLOSED, State.OPEN, 40);
        assertThat(Channel.across(opened.toMap()))
                .isEqualTo(Map.of("breaker", "b-1", "from", "CLOSED", "to", "OPEN", "tick", 40));
        assertThat(Transition.of(Channel.withArgs(BreakerOp.TRANSITION.label(), opened.toMap()))).isEqualTo(opened);
        Transition nonsense = new Transition("b-1", null, State.HALF_OPEN, 41);
        assertThat(Channel.across(nonsense.toMap()))
                .isEqualTo(Map.of("breaker", "b-1", "from", "null", "to", "HALF_OPEN", "tick", 41));
        assertThat(Transition.of(Channel.withArgs(BreakerOp.TRANSITION.label(), nonsense.toMap())))
                .isEqualTo(nonsense);
        assertThat(Transition.of(Channel.withArgs(BreakerOp.TRANSITION.label(),
                Map.of("breaker", "b-1", "from", "WIDE_OPEN", "to", "OPEN", "tick", 1))).from()).isNull();
    }

    @Test
    void breakerSetupRowKeepsTheKeysItsHandWrittenRowHad() {
        BreakerSetup setup = new BreakerSetup("b-1", true, 50.0, 100.0, 5_000_000_000L, 10, 5, 60_000_000_000L, 2);
        assertThat(Channel.rowAcross(setup.toRow())).isEqualTo(Map.of("breaker", "b-1", "sequential", true,
                "failureRateThreshold", 50.0, "slowCallRateThreshold", 100.0,
                "slowCallDurationThresholdNanos", 5_000_000_000L, "slidingWindowSize", 10, "minimumNumberOfCalls", 5,
                "waitDurationInOpenStateNanos", 60_000_000_000L, "permittedNumberOfCallsInHalfOpenState", 2));
        assertThat(BreakerSetup.of(Channel.rowAcross(setup.toRow()))).isEqualTo(setup);
    }

    @Test
    void scheduleRowKeepsTheKeysItsHandWrittenRowHad() {
        Schedule schedule = new Schedule("b-1", "before the trip",
                List.of(new Schedule.Step("worker-1", "Breaker.ask:12 (read state)"),
                        new Schedule.Step("worker-2", "Breaker.report:30 (count)")),
                "", "lockdrill check circuit-breaker --seed 7");
        assertThat(Channel.rowAcross(schedule.toRow())).isEqualTo(Map.of("breaker", "b-1",
                "moment", "before the trip",
                "steps", List.of(Map.of("worker", "worker-1", "at", "Breaker.ask:12 (read state)"),
                        Map.of("worker", "worker-2", "at", "Breaker.report:30 (count)")),
                "stuck", "", "replay", "lockdrill check circuit-breaker --seed 7"));
        assertThat(Schedule.of(Channel.rowAcross(schedule.toRow()))).isEqualTo(schedule);
        assertThat(Schedule.of(Map.of("breaker", "b-1", "moment", "m", "replay", "r")))
                .isEqualTo(new Schedule("b-1", "m", List.of(), "", "r"));
    }

    @Test
    void outcomeBatchKeepsItsArgumentsAndResultKeysAndReadsAnEndedBatchAsNothingReported() {
        Map<String, Object> args = OutcomeBatch.args("b-1", 5_000_000_000L);
        OutcomeBatch batch = new OutcomeBatch("b-1", 5_000_000_000L, 6_000, 3_000, true);
        assertThat(Channel.across(args)).isEqualTo(Map.of("breaker", "b-1", "tick", 5_000_000_000L));
        assertThat(Channel.across(batch.result())).isEqualTo(Map.of("reported", 6_000, "failures", 3_000,
                "refused", true));
        Op done = new Op(1, "s", "w", BreakerOp.OUTCOMES.label(), Channel.across(args), 0, 1, Outcome.OK,
                Channel.across(batch.result()), null);
        assertThat(OutcomeBatch.of(done)).isEqualTo(batch);
        Op ended = new Op(2, "s", "w", BreakerOp.OUTCOMES.label(), Channel.across(args), 0, 1, Outcome.FAIL,
                Map.of(), "boom");
        assertThat(OutcomeBatch.of(ended)).isEqualTo(new OutcomeBatch("b-1", 5_000_000_000L, 0, 0, false));
    }
}
