package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/** One emit makes at most three calls, and its retry delays are jittered (not all the same). */
public final class AtMostThreeAttempts implements Invariant {
    @Override
    public String name() {
        return "at-most-three-attempts-jittered";
    }

    @Override
    public String description() {
        return "an emit makes at most 3 calls, and the delays between attempts are jittered";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        List<Long> sleeps = new ArrayList<>();
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                sleeps.addAll(emit.sleepMillis());
                if (emit.calls().size() > 3) {
                    evidence.add(Evidence.of(scenario + ": " + emit.describe(), emit.emit().id()));
                }
            }
        }
        long distinct = sleeps.stream().distinct().count();
        if (sleeps.size() >= 4 && distinct <= 2) {
            evidence.add(Evidence.of(sleeps.size() + " retry sleeps took only " + distinct + " distinct durations: "
                    + "without jitter, every client that failed together retries together"));
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
