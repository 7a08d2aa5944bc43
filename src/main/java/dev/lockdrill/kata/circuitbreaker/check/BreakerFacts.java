package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;

import java.util.List;
import java.util.Optional;

/** The breaker traces of a run, the reference model's verdict on each sequential one, and the race rounds. */
record BreakerFacts(List<BreakerTrace> traces, List<Divergence> divergences, List<RaceRound> rounds) {

    static BreakerFacts of(History history) {
        List<BreakerTrace> traces = BreakerTrace.all(history);
        List<Divergence> divergences = traces.stream().filter(BreakerTrace::sequential)
                .map(ReferenceModel::replay).flatMap(Optional::stream).toList();
        return new BreakerFacts(traces, divergences, RaceRound.all(traces));
    }
}
