package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The idempotency key is a pure function of the notification: every request for it, from any
 * worker and any attempt, carries the same key, and no two notifications share one.
 */
public final class KeyIsPureFunction implements Invariant {
    @Override
    public String name() {
        return "key-is-pure-function";
    }

    @Override
    public String description() {
        return "every request for a notification carries the same idempotency key, unique to it";
    }

    @Override
    public InvariantResult check(History history) {
        if (new ProviderLedger(history).byNotification(null).isEmpty()) {
            return notExercised("no request reached a provider");
        }
        List<Evidence> evidence = new ArrayList<>();
        Map<String, String> owner = new HashMap<>();
        for (Map.Entry<String, List<ProviderLedger.Request>> entry
                : new ProviderLedger(history).byNotification(null).entrySet()) {
            Set<String> keys = new LinkedHashSet<>();
            entry.getValue().forEach(r -> keys.add(r.key() == null ? "none" : r.key()));
            if (keys.contains("none")) {
                evidence.add(Evidence.of(entry.getKey() + " was sent without an idempotency key: "
                        + entry.getValue().get(0).describe()));
            } else if (keys.size() > 1) {
                evidence.add(Evidence.of(entry.getKey() + " was sent with " + keys.size() + " different keys "
                        + keys + ": a retry with a new key is a new request to the provider"));
            }
            for (String key : keys) {
                String first = owner.putIfAbsent(entry.getValue().get(0).scenario() + "|" + key, entry.getKey());
                if (!key.equals("none") && first != null) {
                    evidence.add(Evidence.of(entry.getKey() + " and " + first + " share the key \"" + key + "\""));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
