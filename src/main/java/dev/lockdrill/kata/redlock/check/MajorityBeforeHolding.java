package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/** A lease is granted only when a majority of the nodes (3 of 5) hold its value, as the nodes themselves say. */
final class MajorityBeforeHolding implements Invariant {
    @Override
    public String name() {
        return "majority-before-holding";
    }

    @Override
    public String description() {
        return "acquire returns a lease only when at least 3 of the 5 nodes hold its value";
    }

    @Override
    public InvariantResult check(History history) {
        List<RedlockFacts.Grant> grants = RedlockFacts.grants(history);
        if (grants.isEmpty()) {
            return notExercised("no acquire returned a lease");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (RedlockFacts.Grant grant : grants) {
            List<String> holding = RedlockFacts.holding(RedlockFacts.nodes(grant.op(), "nodesAfter"), grant.value());
            if (holding.size() < RedlockFacts.MAJORITY) {
                evidence.add(Evidence.of(grant.op().scenario() + ": " + grant.who() + " was granted while only "
                        + holding.size() + " of 5 nodes held its value " + holding, grant.op().id()));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
