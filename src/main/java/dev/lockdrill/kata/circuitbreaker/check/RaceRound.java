package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One round of the half-open race: the racing permit requests and the OPEN→HALF_OPEN events at that instant. */
record RaceRound(BreakerTrace trace, int round, List<Op> racers, List<Op> halfOpenings) {

    static List<RaceRound> all(List<BreakerTrace> traces) {
        List<RaceRound> rounds = new ArrayList<>();
        for (BreakerTrace trace : traces) {
            Map<Integer, List<Op>> byRound = new TreeMap<>();
            for (Op op : trace.ops()) {
                if (op.is(BreakerOp.ACQUIRE) && Acquire.of(op).racing()) {
                    byRound.computeIfAbsent(Acquire.of(op).round(), k -> new ArrayList<>()).add(op);
                }
            }
            byRound.forEach((round, racers) -> {
                long tick = Acquire.of(racers.get(0)).tick();
                List<Op> halfOpenings = trace.transitions().stream()
                        .filter(t -> Transition.of(t).tick() == tick
                                && Transition.of(t).is(State.OPEN, State.HALF_OPEN))
                        .toList();
                rounds.add(new RaceRound(trace, round, racers, halfOpenings));
            });
        }
        return rounds;
    }

    List<Op> permitted() {
        return racers.stream().filter(op -> op.ok() && Acquire.permitted(op)).toList();
    }
}
