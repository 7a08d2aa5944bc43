package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.OpType;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerSetup;
import dev.lockdrill.kata.circuitbreaker.protocol.CallOutcome;
import dev.lockdrill.kata.circuitbreaker.protocol.Schedule;
import dev.lockdrill.kata.circuitbreaker.protocol.Scenarios;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.lockdrill.kata.circuitbreaker.check.BreakerHistory.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

/** Hand-written interleaved histories: calls with overlapping intervals, as the scheduler records them. */
class LinearizableUnderInterleavingTest {
    private static final String BREAKER = Scenarios.INTERLEAVED_CALLS + "/i1";
    private static final long AFTER_WAIT = 11 * SECOND;

    private final List<Op> ops = new ArrayList<>();
    private String stuck = "";

    @Test
    void twoClosedToOpenAnnouncementsForOneThresholdAreNotLinearizable() {
        driverCall(1, false);
        error("w-1", 10, 50);
        error("w-2", 11, 40);
        transition("w-2", 30, State.CLOSED, State.OPEN, 0);
        transition("w-1", 45, State.CLOSED, State.OPEN, 0);
        error("w-3", 12, 60);

        InvariantResult result = check();

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        String text = result.evidence().get(0).text();
        assertThat(text).contains("w-1 announced CLOSED→OPEN", "w-2 announced CLOSED→OPEN", "w-1 | #1 starts",
                "the same schedule again: lockdrill check circuit-breaker --seed 7");
    }

    @Test
    void oneClosedToOpenAnnouncementMadeByARacingCallIsLinearizable() {
        driverCall(1, false);
        error("w-1", 10, 50);
        error("w-2", 11, 40);
        transition("w-2", 30, State.CLOSED, State.OPEN, 0);
        error("w-3", 12, 60);

        assertThat(check().verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void theTrialAfterTheWaitMayGoToALaterCallerThanTheOneThatAnnouncedHalfOpen() {
        opened();
        acquire("w-1", 100, 200, false);
        transition("w-1", 110, State.OPEN, State.HALF_OPEN, AFTER_WAIT);
        acquire("w-2", 120, 130, true);
        acquire("w-3", 140, 150, false);

        assertThat(check().verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void twoTrialsWhenOneIsPermittedAreNotLinearizable() {
        opened();
        acquire("w-1", 100, 200, true);
        transition("w-1", 110, State.OPEN, State.HALF_OPEN, AFTER_WAIT);
        acquire("w-2", 120, 130, true);

        assertThat(check().verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aScheduleThatStoppedEarlyLeavesTheVerdictUnknown() {
        driverCall(1, false);
        error("w-1", 10, 50);
        stuck = "deadlock: w-1 BLOCKED in katas.X.y";

        assertThat(check().verdict()).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void withoutAnInterleavedScheduleThereIsNothingToJudge() {
        History history = new History(7, List.of(), List.of(), List.of());

        assertThat(new LinearizableUnderInterleaving().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    private InvariantResult check() {
        BreakerSetup setup = new BreakerSetup(BREAKER, false, 50, 100, 2 * SECOND, 4, 2, 10 * SECOND, 1);
        List<Schedule.Step> steps = List.of(new Schedule.Step("w-1", "starts"), new Schedule.Step("w-2", "starts"),
                new Schedule.Step("w-3", "starts"));
        Schedule schedule = new Schedule(BREAKER, "a test", steps, stuck, "lockdrill check circuit-breaker --seed 7");
        History history = new History(7, ops, List.of(), List.of(
                new Observation(BreakerSetup.OBSERVATION, Scenarios.INTERLEAVED_CALLS, List.of(setup.toRow())),
                new Observation(Schedule.OBSERVATION, Scenarios.INTERLEAVED_CALLS, List.of(schedule.toRow()))));
        return new LinearizableUnderInterleaving().check(history);
    }

    /** Two failures at tick 0 open the breaker (minimum 2 calls, 50 %). */
    private void opened() {
        error("driver", 1, 2);
        error("driver", 3, 4);
        transition("driver", 4, State.CLOSED, State.OPEN, 0);
    }

    private void driverCall(long at, boolean failed) {
        acquire("driver", at, at, true);
        add("driver", failed ? BreakerOp.ERROR : BreakerOp.SUCCESS,
                new CallOutcome(BREAKER, 0, 1_000_000L, failed).toMap(), at + 1, at + 1, Map.of());
    }

    private void error(String worker, long invoke, long complete) {
        add(worker, BreakerOp.ERROR, new CallOutcome(BREAKER, 0, 1_000_000L, true).toMap(), invoke, complete,
                Map.of());
    }

    private void acquire(String worker, long invoke, long complete, boolean permitted) {
        long tick = worker.equals("driver") ? 0 : AFTER_WAIT;
        add(worker, BreakerOp.ACQUIRE, new Acquire(BREAKER, tick, 0).toMap(), invoke, complete,
                Map.of(Op.ACCEPTED, permitted));
    }

    private void transition(String worker, long at, State from, State to, long tick) {
        add(worker, BreakerOp.TRANSITION, new Transition(BREAKER, from, to, tick).toMap(), at, at, Map.of());
    }

    private void add(String worker, OpType f, Map<String, Object> args, long invoke, long complete,
                     Map<String, Object> result) {
        ops.add(new Op(ops.size() + 1, Scenarios.INTERLEAVED_CALLS, worker, f.label(), args, invoke, complete,
                Outcome.OK, result, null));
    }
}
