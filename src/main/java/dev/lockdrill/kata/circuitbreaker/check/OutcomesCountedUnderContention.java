package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.OutcomeBatch;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Outcomes reported by many threads at once are each counted once. No window of consecutive hammer
 * outcomes was much more than half failures, so at the hammer's high threshold the breaker must
 * stay closed; after it, slidingWindowSize successes fill the window with the driver's own calls,
 * and failures must open it on exactly the first one that brings the rate to the threshold. A
 * count that lost or doubled an update during the hammer opens early, late or never.
 */
final class OutcomesCountedUnderContention implements Invariant {
    @Override
    public String name() {
        return "outcomes-counted-under-contention";
    }

    @Override
    public String description() {
        return "outcomes reported by many threads at once are each counted exactly once";
    }

    @Override
    public InvariantResult check(History history) {
        List<HammerRound> rounds = BreakerFacts.of(history).hammers().stream().filter(HammerRound::judged).toList();
        if (rounds.isEmpty()) {
            return notExercised("no hammer round completed without an error");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (HammerRound round : rounds) {
            judge(round, evidence);
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /** What shows it opened: the transitions announced during the hammer and the batches it refused. */
    private static List<Long> opened(HammerRound round) {
        return Stream.concat(round.during().stream(), round.batches().stream().filter(op -> OutcomeBatch.of(op).refused()))
                .map(Op::id).toList();
    }

    private static void judge(HammerRound round, List<Evidence> evidence) {
        ModelConfig config = round.trace().config();
        int window = config.windowSize();
        int due = (int) Math.ceil(config.failureRateThreshold() * window / 100.0);
        String breaker = round.trace().breaker() + ": ";
        if (round.refused() || !round.during().isEmpty()) {
            evidence.add(new Evidence(breaker + Text.count(round.batches().size(), "thread") + " reported " + round.reported()
                    + " outcomes at once, each alternating failure and success, so no " + window + " in a row reached "
                    + "the " + config.failureRateThreshold() + " % threshold; yet it opened: its counts are off",
                    opened(round), round.batches().stream().filter(op -> !OutcomeBatch.of(op).refused()).map(Op::id)
                            .toList()));
            return;
        }
        List<Op> errors = round.afterCalls(BreakerOp.ERROR);
        List<Op> acquires = round.afterCalls(BreakerOp.ACQUIRE);
        List<Op> openings = round.afterCalls(BreakerOp.TRANSITION);
        String after = "after the hammer, " + window + " successes then failures (window " + window + ", threshold "
                + config.failureRateThreshold() + " %, due to open on failure " + due + "): ";
        if (openings.isEmpty()) {
            evidence.add(Evidence.of(breaker + after + "it never opened: its counts no longer match the last "
                    + Text.count(window, "call") + " (updates lost during the hammer?)", acquires.get(acquires.size() - 1).id()));
            return;
        }
        Op first = openings.get(0);
        long failedBefore = errors.stream().filter(e -> e.id() < first.id()).count();
        if (failedBefore != due || !Transition.of(first).is(State.CLOSED, State.OPEN)) {
            evidence.add(Evidence.of(breaker + after + "it announced " + Transition.of(first).arrow() + " after "
                    + failedBefore + ": its counts no longer match the last " + Text.count(window, "call") + " (updates "
                    + (failedBefore < due ? "counted twice" : "lost") + " during the hammer?)", first.id()));
        } else if (HammerRound.permitted(acquires.get(acquires.size() - 1))) {
            evidence.add(Evidence.of(breaker + after + "it announced OPEN but the next call got a permit",
                    acquires.get(acquires.size() - 1).id()));
        }
    }
}
