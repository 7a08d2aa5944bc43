package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerCreated;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One breaker per (platform, credential), made once and kept: the permits asked for one key all
 * come from one breaker instance (a breaker made per call starts empty and never opens), and no
 * breaker is made for something that is not a key (one global breaker, one per platform). Judged
 * by use: a breaker made and thrown away unused does no harm.
 */
public final class OneBreakerPerKey implements Invariant {
    @Override
    public String name() {
        return "one-breaker-per-key";
    }

    @Override
    public String description() {
        return "each (platform, credential) is guarded by exactly one breaker, created once and kept";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        boolean any = false;
        for (String scenario : facts.scenarios()) {
            Set<String> keys = facts.ops(scenario, EmitterOp.EMIT).stream().map(op -> Stamp.of(op).key())
                    .collect(Collectors.toSet());
            facts.ops(scenario, EmitterOp.BREAKER_CREATED).stream().map(op -> BreakerCreated.of(op).breaker())
                    .distinct().filter(breaker -> !keys.contains(breaker))
                    .forEach(breaker -> evidence.add(Evidence.of(scenario + ": a breaker was created for " + breaker
                            + ", which is not one (platform, credential)")));
            // per key, each breaker instance that gave a permit and the first permit it gave (the evidence's op)
            Map<String, Map<Long, Long>> instances = new TreeMap<>();
            for (Op op : facts.ops(scenario, EmitterOp.PERMIT)) {
                Permit permit = Permit.of(op);
                instances.computeIfAbsent(permit.breaker(), key -> new LinkedHashMap<>())
                        .putIfAbsent(permit.instance(), op.id());
            }
            any |= !instances.isEmpty();
            instances.forEach((breaker, used) -> {
                if (used.size() > 1) {
                    evidence.add(new Evidence(scenario + ": the permits for " + breaker + " came from " + used.size()
                            + " different breakers: a new breaker starts empty and never opens",
                            List.copyOf(used.values())));
                }
            });
        }
        if (!any && evidence.isEmpty()) {
            return notExercised("no breaker was asked for a permit");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
