package dev.lockdrill.score;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.LaneHistories;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A check whose scenarios ran in lanes is judged lane by lane: each lane had its own schema, so
 * its tokens mean nothing next to another lane's, and a violation in one lane fails the run.
 */
class LaneVerdictsTest {
    /** Tokens must rise in the order they were written: across the whole history. */
    private static final Invariant RISING = new Invariant() {
        public String name() {
            return "tokens-rise";
        }

        public String description() {
            return "each write's token is above the one before";
        }

        public InvariantResult check(History history) {
            List<Evidence> evidence = new ArrayList<>();
            long last = Long.MIN_VALUE;
            for (Op op : history.ops()) {
                long token = ((Number) op.result().get("token")).longValue();
                if (token <= last) {
                    evidence.add(Evidence.of("token " + token + " after " + last + " in " + op.scenario(), op.id()));
                }
                last = token;
            }
            return history.ops().isEmpty() ? notExercised("no writes") : failIfAny(evidence);
        }
    };

    private static Op write(long id, String scenario, long token) {
        return new Op(id, scenario, "worker-1", "write", Map.of(), id * 10, id * 10 + 5, Outcome.OK,
                Map.of("token", token), null);
    }

    private static Observation lanes(Object... scenarioLane) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < scenarioLane.length; i += 2) {
            rows.add(Map.of(LaneHistories.SCENARIO, scenarioLane[i], LaneHistories.LANE, scenarioLane[i + 1]));
        }
        return new Observation(LaneHistories.OBSERVATION, "", rows);
    }

    /** Two lanes' sequences both start at 10, and their writes interleave in time. */
    private static List<Op> interleaved() {
        return List.of(write(1, "a", 10), write(2, "b", 10), write(3, "a", 11), write(4, "b", 11));
    }

    @Test
    void eachLaneIsJudgedOnItsOwnSoTwoLanesTokensDoNotClash() {
        History history = new History(1, interleaved(), List.of(), List.of(lanes("a", 0, "b", 1)));

        assertThat(LaneHistories.split(history)).hasSize(2);
        assertThat(Verdicts.evaluate(List.of(RISING), history).get(0).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void withoutLanesTheWholeHistoryIsJudgedAsBefore() {
        History history = new History(1, interleaved(), List.of(), List.of());

        assertThat(LaneHistories.split(history)).containsExactly(history);
        assertThat(Verdicts.evaluate(List.of(RISING), history).get(0).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aViolationInOneLaneFailsTheRunWithThatLanesEvidenceOnly() {
        List<Op> ops = List.of(write(1, "a", 10), write(2, "b", 10), write(3, "b", 9), write(4, "a", 11));
        History history = new History(1, ops, List.of(), List.of(lanes("a", 0, "b", 1)));

        InvariantResult result = Verdicts.evaluate(List.of(RISING), history).get(0);

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).extracting(Evidence::text).containsExactly("token 9 after 10 in b");
        assertThat(result.evidence().get(0).opIds()).containsExactly(3L);
    }

    @Test
    void aLaneWithNothingToJudgeDoesNotHideAnotherLanesPass() {
        History history = new History(1, List.of(write(1, "a", 10)), List.of(), List.of(lanes("a", 0, "b", 1)));

        assertThat(Verdicts.evaluate(List.of(RISING), history).get(0).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void whatBelongsToNoLaneIsInEveryLane() {
        Observation global = new Observation("setup", "", List.of(Map.of("k", 1)));
        History history = new History(1, interleaved(), List.of(), List.of(lanes("a", 0, "b", 1), global));

        assertThat(LaneHistories.split(history)).allSatisfy(lane -> assertThat(lane.observations("setup")).hasSize(1));
        assertThat(LaneHistories.split(history).get(1).ops()).extracting(Op::scenario).containsOnly("b");
    }
}
