package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations.TokenWritten;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lock's one job: no grant of a name happens, in database time, while an earlier lease on
 * that name is certainly still live (not expired, not released, not given up). Earlier means the
 * call began after the other's grant was answered, or, for calls that overlapped, that the locks
 * table took its token after the other's: a grant whose lease the table took over while that
 * lease was certainly live is a second holder, whichever call began first.
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
        evidence.addAll(overtakenInTable(facts, history, evidence));
        return failIfAny(evidence);
    }

    /**
     * Grants whose row the locks table rewrote for another grant while their lease was certainly
     * live: the rewrite came later in the table's own history (its trigger records the order rows
     * took tokens), and the other call was answered before the lease's certain end. Pairs already
     * found from the calls' order alone are not said twice.
     */
    private static List<Evidence> overtakenInTable(LockFacts facts, History history, List<Evidence> found) {
        Map<String, Grant> byToken = new HashMap<>();
        facts.grants().forEach(g -> byToken.put(g.name() + "\u0000" + g.token(), g));
        Set<Long> reported = new HashSet<>();
        found.forEach(e -> reported.addAll(e.opIds()));
        Map<String, List<Grant>> tookSoFar = new HashMap<>();
        List<Evidence> evidence = new ArrayList<>();
        for (TokenWritten row : LockObservations.tokensWritten(history.observations(LockObservations.LOCK_HISTORY))) {
            Grant taken = byToken.get(row.name() + "\u0000" + row.token());
            if (taken == null) {
                continue;
            }
            List<Grant> before = tookSoFar.computeIfAbsent(row.name(), n -> new ArrayList<>());
            for (Grant held : before) {
                if (held == taken || taken.dbAfter() > held.certainEnd() || reported.contains(taken.acquire().id())) {
                    continue;
                }
                String scenario = held.acquire().scenario();
                evidence.add(Evidence.context(facts.describe(held) + "; its lease was certainly live until "
                        + facts.at(scenario, held.certainEnd()), held.acquire().id()));
                evidence.add(Evidence.of(facts.describe(taken) + ", and the locks table took its token after "
                        + held.worker() + "'s — two live holders of " + held.name(), taken.acquire().id()));
                reported.add(taken.acquire().id());
            }
            if (!before.contains(taken)) {
                before.add(taken);
            }
        }
        return evidence;
    }
}
