package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerCreated;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** One breaker per (platform, credential), made once: a breaker made per call starts empty and never opens. */
public final class OneBreakerPerKey implements Invariant {
    @Override
    public String name() {
        return "one-breaker-per-key";
    }

    @Override
    public String description() {
        return "each (platform, credential) gets exactly one breaker, created once and kept";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (String scenario : facts.scenarios()) {
            Set<String> keys = facts.ops(scenario, EmitterOp.EMIT).stream().map(op -> Stamp.of(op).key())
                    .collect(Collectors.toSet());
            Map<String, Long> created = facts.ops(scenario, EmitterOp.BREAKER_CREATED).stream()
                    .collect(Collectors.groupingBy(op -> BreakerCreated.of(op).breaker(), Collectors.counting()));
            created.forEach((breaker, count) -> {
                if (count > 1) {
                    evidence.add(Evidence.of(scenario + ": the breaker for " + breaker + " was created " + count
                            + " times"));
                } else if (!keys.contains(breaker)) {
                    evidence.add(Evidence.of(scenario + ": a breaker was created for " + breaker
                            + ", which is not one (platform, credential)"));
                }
            });
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
