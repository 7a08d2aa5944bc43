package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What the half-open race rounds prove: too many trials, a transition announced twice, or no trial at all. */
final class RaceEvidence {
    private RaceEvidence() {
    }

    /** The permits beyond the limit, in the order they were answered, are the violation; the first ones are context. */
    static List<Evidence> tooManyTrials(BreakerFacts facts) {
        List<Evidence> evidence = new ArrayList<>();
        for (RaceRound round : facts.rounds()) {
            int limit = round.trace().config().halfOpenTrials();
            List<Op> permitted = round.permitted().stream().sorted(Comparator.comparingLong(Op::completeNanos)).toList();
            if (permitted.size() > limit) {
                evidence.add(new Evidence("half-open-race round " + round.round() + ": " + permitted.size() + " of "
                        + round.racers().size() + " racing threads got a permit; permittedNumberOfCallsInHalfOpenState"
                        + " is " + limit, ids(permitted.subList(limit, permitted.size())), ids(permitted.subList(0, limit))));
            }
        }
        return evidence;
    }

    /** Every announcement after the first is the violation. */
    static List<Evidence> repeatedTransitions(BreakerFacts facts) {
        List<Evidence> evidence = new ArrayList<>();
        for (RaceRound round : facts.rounds()) {
            if (round.halfOpenings().size() > 1) {
                evidence.add(new Evidence("half-open-race round " + round.round() + ": OPEN→HALF_OPEN announced "
                        + Text.count(round.halfOpenings().size(), "time") + " by " + round.halfOpenings().stream().map(Op::worker)
                        .distinct().limit(5).toList() + " for a single transition",
                        ids(round.halfOpenings().subList(1, round.halfOpenings().size())),
                        ids(round.halfOpenings().subList(0, 1))));
            }
        }
        return evidence;
    }

    static List<Evidence> noTrial(BreakerFacts facts) {
        List<Evidence> evidence = new ArrayList<>();
        for (RaceRound round : facts.rounds()) {
            if (round.permitted().isEmpty()) {
                evidence.add(Evidence.of("half-open-race round " + round.round() + ": none of "
                        + Text.count(round.racers().size(), "thread") + " got a trial although the open wait had elapsed"));
            }
        }
        return evidence;
    }

    private static List<Long> ids(List<Op> ops) {
        return ops.stream().map(Op::id).toList();
    }
}
