package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every push of a notification carries one collapse id, so a retry that arrives before the user
 * saw the first replaces it instead of showing twice. (It merges unseen ones; it is not dedup.)
 */
public final class DuplicatesShareCollapseId implements Invariant {
    @Override
    public String name() {
        return "duplicates-share-collapse-id";
    }

    @Override
    public String description() {
        return "every push of a notification carries the same collapse id";
    }

    @Override
    public InvariantResult check(History history) {
        if (new ProviderLedger(history).byNotification("push").isEmpty()) {
            return notExercised("no request reached the push provider");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<ProviderLedger.Request>> entry
                : new ProviderLedger(history).byNotification("push").entrySet()) {
            Set<String> ids = new LinkedHashSet<>();
            entry.getValue().stream().filter(ProviderLedger.Request::effect)
                    .forEach(r -> ids.add(r.collapseId() == null ? "none" : r.collapseId()));
            if ((ids.size() > 1 || ids.contains("none")) && evidence.size() < 5) {
                evidence.add(Evidence.of(entry.getKey() + " was pushed with collapse id(s) " + ids
                        + ": a retry cannot replace a copy the device still holds"));
            }
        }
        return failIfAny(evidence);
    }
}
