package dev.lockdrill.harness.schedule;

import dev.lockdrill.harness.schedule.StatementScheduler.Step;
import dev.lockdrill.harness.schedule.StatementScheduler.Stop;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the second worker of a pair counts as let go early by a misjudged moment: seen parked in its
 * own code before its gap, then going on past it (tried again); not when it waited on a lock, was
 * held where the policy holds it, or ended before the gap.
 */
class EveryGapPairTest {
    /** w1 held after 1 round trip; w2 to be held after 2; w2 stops after its first step for {@code why}. */
    private static boolean letGoEarly(Stop why, int secondStepsInAll) {
        Preempt policy = Preempt.twice("w1", "w2", 1, 2);
        assertThat(policy.next(List.of("w1", "w2"))).isEqualTo("w1");
        assertThat(policy.next(List.of("w1", "w2"))).isEqualTo("w1");
        assertThat(policy.next(List.of("w1", "w2"))).isEqualTo("w2");
        assertThat(policy.next(List.of("w1"))).isEqualTo("w1");
        List<Step> steps = new ArrayList<>(List.of(
                new Step("w1", "BEGIN", null, null),
                new Step("w1", "SELECT", null, null),
                new Step("w2", "BEGIN", "w1 held before SELECT", Stop.HELD),
                new Step("w1", "UPDATE", "w2 stopped", why),
                new Step("w2", "SELECT", "w1 done", Stop.DONE)));
        for (int i = 2; i < secondStepsInAll; i++) {
            steps.add(new Step("w2", "COMMIT", null, null));
        }
        return EveryGapPair.parkedBeforeGap("w2", 2, policy, new StatementScheduler.Run(steps, 2, false));
    }

    @Test
    void parkedBeforeItsGapAndThenPastItIsTriedAgain() {
        assertThat(policy().held()).isTrue();
        assertThat(letGoEarly(Stop.PARKED, 4)).isTrue();
    }

    @Test
    void waitingOnTheFirstsLockIsRight() {
        assertThat(letGoEarly(Stop.WAITS_ON_LOCK, 4)).isFalse();
    }

    @Test
    void parkedAndThenEndingBeforeItsGapLostNothing() {
        assertThat(letGoEarly(Stop.PARKED, 3)).isFalse();
    }

    @Test
    void heldWhereThePolicyHoldsItIsNotEarly() {
        Preempt policy = Preempt.twice("w1", "w2", 1, 1);
        policy.next(List.of("w1", "w2"));
        policy.next(List.of("w1", "w2"));
        policy.next(List.of("w1", "w2"));
        policy.next(List.of("w1", "w2"));
        assertThat(policy.next(List.of("w1", "w2"))).isEqualTo("w1");
        assertThat(policy.secondHeld()).isTrue();
        List<Step> steps = List.of(new Step("w1", "BEGIN", null, null), new Step("w1", "SELECT", null, null),
                new Step("w2", "BEGIN", "w1 held", Stop.HELD), new Step("w2", "SELECT", null, null),
                new Step("w1", "UPDATE", "w2 held", Stop.HELD), new Step("w2", "UPDATE", "w1 done", Stop.DONE),
                new Step("w2", "COMMIT", null, null));
        assertThat(EveryGapPair.parkedBeforeGap("w2", 1, policy, new StatementScheduler.Run(steps, 2, false)))
                .isFalse();
    }

    private static Preempt policy() {
        Preempt policy = Preempt.twice("w1", "w2", 1, 2);
        policy.next(List.of("w1", "w2"));
        policy.next(List.of("w1", "w2"));
        policy.next(List.of("w1", "w2"));
        return policy;
    }
}
