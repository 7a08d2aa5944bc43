package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Every acquisition uses a fresh random value: no two leases of the run share one. */
final class LockValuesUnique implements Invariant {
    @Override
    public String name() {
        return "lock-values-unique";
    }

    @Override
    public String description() {
        return "no two leases carry the same value (one random value per acquisition)";
    }

    @Override
    public InvariantResult check(History history) {
        List<RedlockFacts.Grant> grants = RedlockFacts.grants(history);
        if (grants.size() < 2) {
            return notExercised("fewer than two leases were granted");
        }
        Map<String, RedlockFacts.Grant> seen = new HashMap<>();
        List<Evidence> evidence = new ArrayList<>();
        for (RedlockFacts.Grant grant : grants) {
            RedlockFacts.Grant earlier = seen.putIfAbsent(String.valueOf(grant.value()), grant);
            if (earlier != null || grant.value() == null || grant.value().isBlank()) {
                evidence.add(new Evidence(grant.op().scenario() + ": " + grant.who() + " reuses the value of "
                        + (earlier == null ? "nothing (it is empty)" : earlier.op().scenario() + "'s " + earlier.who()),
                        List.of(grant.op().id()), earlier == null ? List.of() : List.of(earlier.op().id())));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
