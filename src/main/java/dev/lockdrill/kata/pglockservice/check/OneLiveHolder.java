package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/**
 * The lock's one job: no grant of a name happens, in database time, while an earlier lease on
 * that name is certainly still live (not expired, not released, not given up).
 */
public final class OneLiveHolder implements Invariant {
    @Override
    public String name() {
        return "one-live-holder";
    }

    @Override
    public String description() {
        return "at most one live lease per lock name at any instant of the database's clock";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Grant held : facts.grants()) {
            for (Grant taken : facts.grants(held.name())) {
                if (taken == held || taken.dbBefore() < held.dbAfter() || taken.dbAfter() > held.certainEnd()) {
                    continue;
                }
                String scenario = held.acquire().scenario();
                evidence.add(Evidence.context(facts.describe(held) + "; its lease was certainly live until "
                        + facts.at(scenario, held.certainEnd()), held.acquire().id()));
                history.faults(scenario).stream()
                        .filter(f -> f.startNanos() >= held.acquire().invokeNanos()
                                && f.startNanos() <= taken.acquire().completeNanos())
                        .map(FaultEvent::description)
                        .forEach(d -> evidence.add(Evidence.of(d)));
                evidence.add(Evidence.of(facts.describe(taken) + " — two live holders of " + held.name(),
                        taken.acquire().id()));
            }
        }
        return failIfAny(evidence);
    }
}
