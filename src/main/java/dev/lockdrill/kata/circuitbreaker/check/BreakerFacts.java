package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.PerHistory;
import dev.lockdrill.kata.circuitbreaker.protocol.State;

import java.util.List;
import java.util.Optional;

/**
 * The breaker traces of a run, the reference model's replay of each sequential one (its first
 * divergence and what it judged), the race rounds and the hammer rounds.
 */
record BreakerFacts(List<BreakerTrace> traces, List<ReferenceModel.Replay> replays, List<Divergence> divergences,
                    List<RaceRound> rounds, List<HammerRound> hammers) {

    /** Shared by every invariant that judges the run (see {@link #of}): none of them can change it. */
    BreakerFacts {
        traces = List.copyOf(traces);
        replays = List.copyOf(replays);
        divergences = List.copyOf(divergences);
        rounds = List.copyOf(rounds);
        hammers = List.copyOf(hammers);
    }

    /** Every model invariant asks for them: the replay of each breaker against the model is done once. */
    private static final PerHistory<BreakerFacts> FACTS = new PerHistory<>(BreakerFacts::from);

    static BreakerFacts of(History history) {
        return FACTS.of(history);
    }

    private static BreakerFacts from(History history) {
        List<BreakerTrace> traces = BreakerTrace.all(history);
        List<ReferenceModel.Replay> replays = traces.stream().filter(BreakerTrace::sequential)
                .map(ReferenceModel::replay).toList();
        List<Divergence> divergences = replays.stream().map(ReferenceModel.Replay::divergence)
                .flatMap(Optional::stream).toList();
        return new BreakerFacts(traces, replays, divergences, RaceRound.all(traces), HammerRound.all(traces));
    }

    /** True if the model judged a permit request while in {@code state} (in that scenario; null for any). */
    boolean acquiredIn(State state, String scenario) {
        return replays.stream().anyMatch(r -> r.acquiredIn().contains(state)
                && (scenario == null || r.trace().scenario().equals(scenario)));
    }

    boolean reportedIn(State state) {
        return replays.stream().anyMatch(r -> r.reportedIn().contains(state));
    }
}
