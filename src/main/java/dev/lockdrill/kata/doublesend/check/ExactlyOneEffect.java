package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * With a provider that deduplicates on the idempotency key, every retry of a notification is the
 * same request: whatever fails in between, the recipient gets it at most once.
 */
public final class ExactlyOneEffect implements Invariant {
    @Override
    public String name() {
        return "exactly-one-effect";
    }

    @Override
    public String description() {
        return "with the dedup provider, no notification takes effect twice";
    }

    @Override
    public InvariantResult check(History history) {
        if (new ProviderLedger(history).byNotification("dedup").isEmpty()) {
            return notExercised("no request reached the dedup provider");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<ProviderLedger.Request>> entry
                : new ProviderLedger(history).byNotification("dedup").entrySet()) {
            List<ProviderLedger.Request> effects = entry.getValue().stream().filter(ProviderLedger.Request::effect)
                    .toList();
            if (effects.size() > 1 && evidence.size() < 5) {
                evidence.add(Evidence.of(entry.getKey() + " took effect " + Text.count(effects.size(), "time") + ": " + String.join(
                        "; ", effects.stream().map(ProviderLedger.Request::describe).toList())));
            }
        }
        return failIfAny(evidence);
    }
}
