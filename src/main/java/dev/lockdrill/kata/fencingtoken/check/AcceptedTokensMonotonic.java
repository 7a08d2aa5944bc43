package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * In the order the storage applied them (its audit trail, which for one key is commit order),
 * the tokens of a key never go down.
 */
public final class AcceptedTokensMonotonic implements Invariant {
    @Override
    public String name() {
        return "accepted-tokens-monotonic";
    }

    @Override
    public String description() {
        return "in commit order, the token stored for a key never decreases";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        Map<String, FencingFacts.AuditRow> highest = new HashMap<>();
        List<Evidence> evidence = new ArrayList<>();
        for (FencingFacts.AuditRow row : facts.audit()) {
            if (row.newToken() == null) {
                continue;
            }
            FencingFacts.AuditRow top = highest.get(row.key());
            if (top != null && row.newToken() < top.newToken()) {
                evidence.add(new Evidence("storage applied token " + row.newToken() + " (\"" + row.newValue()
                        + "\", from " + worker(row) + ") after token " + top.newToken() + " (\"" + top.newValue()
                        + "\", from " + worker(top) + ") on " + row.key() + ": a lower token overwrote a higher one",
                        ids(facts, row), ids(facts, top)));
            } else {
                highest.put(row.key(), row);
            }
        }
        return failIfAny(evidence);
    }

    private static String worker(FencingFacts.AuditRow row) {
        String app = row.app() == null ? "" : row.app();
        int dash = app.indexOf("-worker-");
        if (dash >= 0) {
            return app.substring(dash + 1);
        }
        int reader = app.lastIndexOf('-');
        return reader >= 0 ? app.substring(reader + 1) : app;
    }

    private static List<Long> ids(FencingFacts facts, FencingFacts.AuditRow... rows) {
        List<Long> ids = new ArrayList<>();
        for (FencingFacts.AuditRow row : rows) {
            for (Op write : facts.writes(row.key())) {
                if (row.matches(write)) {
                    ids.add(write.id());
                    break;
                }
            }
        }
        return ids;
    }
}
