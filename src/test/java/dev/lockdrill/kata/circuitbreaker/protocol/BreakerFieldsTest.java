package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Channel;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The circuit breaker's op records are their own serialization: each comes back equal across the
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
}
