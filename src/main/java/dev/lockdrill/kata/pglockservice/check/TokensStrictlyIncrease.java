package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
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
 * In the order grants took effect, a lock's tokens strictly increase; two grants never share one.
 * The order is judged three ways, none of them by whether two calls overlapped:
 * <ul>
 *   <li>a grant whose call began after another grant's call ended took effect after it;</li>
 *   <li>a grant whose call overlapped another's, and whose lease, had it taken effect first, would
 *       certainly still have been live when the other was granted, took effect after the other
 *       (or the two were live at once);</li>
 *   <li>the locks table's own history: the order in which its rows took the granted tokens.</li>
 * </ul>
 */
public final class TokensStrictlyIncrease implements Invariant {
    @Override
    public String name() {
        return "tokens-strictly-increase";
    }

    @Override
    public String description() {
        return "in the order grants took effect, each grant of a lock gets a token strictly higher than every "
                + "earlier grant's";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Grant> grants = facts.grants();
        if (grants.size() < 2) {
            return notExercised("fewer than two grants: no token order to judge");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Grant earlier : grants) {
            for (Grant later : facts.grants(earlier.name())) {
                if (later.acquire().id() == earlier.acquire().id()) {
                    continue;
                }
                boolean shared = later.token() == earlier.token() && earlier.acquire().id() < later.acquire().id();
                boolean callsOrdered = earlier.dbAfter() <= later.dbBefore();
                boolean effectsOrdered = !callsOrdered && later.dbAfter() > earlier.dbBefore()
                        && later.certainEnd() > earlier.dbAfter();
                if (shared) {
                    evidence.add(pair(facts, earlier, later, " — the same token twice"));
                } else if (callsOrdered && later.token() < earlier.token()) {
                    evidence.add(pair(facts, earlier, later, " — the token went down"));
                } else if (effectsOrdered && later.token() < earlier.token()) {
                    evidence.add(pair(facts, earlier, later, " — " + later.worker() + "'s lease would still have "
                            + "been live when " + earlier.worker() + " was granted, so it took effect after that "
                            + "grant (or both were live at once), with a lower token"));
                }
            }
        }
        evidence.addAll(tableOrder(facts, history));
        return failIfAny(Evidence.capped(evidence, 6));
    }

    private static Evidence pair(LockFacts facts, Grant earlier, Grant later, String verdict) {
        return new Evidence(facts.describe(earlier) + "; " + facts.describe(later) + verdict,
                List.of(later.acquire().id()), List.of(earlier.acquire().id()));
    }

    /** A granted token the locks table took after it had taken a higher granted token for the same name. */
    private static List<Evidence> tableOrder(LockFacts facts, History history) {
        Map<String, Set<Long>> granted = new HashMap<>();
        facts.grants().forEach(g -> granted.computeIfAbsent(g.name(), n -> new HashSet<>()).add(g.token()));
        Map<String, TokenWritten> highest = new HashMap<>();
        List<Evidence> evidence = new ArrayList<>();
        for (TokenWritten row : LockObservations.tokensWritten(history.observations(LockObservations.LOCK_HISTORY))) {
            if (!granted.getOrDefault(row.name(), Set.of()).contains(row.token())) {
                continue;
            }
            TokenWritten top = highest.get(row.name());
            if (top != null && row.token() < top.token()) {
                evidence.add(Evidence.of("the locks table took token " + row.token() + " for " + row.name() + " ("
                        + row.op() + " by " + session(row) + ") after it had taken token " + top.token() + " ("
                        + top.op() + " by " + session(top) + "): a lower token granted after a higher one"));
            } else if (top == null || row.token() > top.token()) {
                highest.put(row.name(), row);
            }
        }
        return evidence;
    }

    private static String session(TokenWritten row) {
        String app = row.app() == null ? "" : row.app();
        int dash = app.indexOf("-worker-");
        return dash >= 0 ? app.substring(dash + 1) : app;
    }
}
