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
 * A push provider cannot deduplicate, so a retry after a lost lease or a lost response can reach
 * the device twice. That is the only excuse: per notification, the duplicates the device showed
 * are at most the faults injected on it plus the times its lease ran out and was taken over.
 * Without faults (and with leases that never expire) there are none.
 */
public final class DuplicatesBounded implements Invariant {
    @Override
    public String name() {
        return "duplicates-bounded";
    }

    @Override
    public String description() {
        return "with the push provider, duplicates only follow an injected fault or an expired lease";
    }

    @Override
    public InvariantResult check(History history) {
        ProviderLedger ledger = new ProviderLedger(history);
        Map<String, Integer> reclaims = ledger.reclaims();
        if (new ProviderLedger(history).byNotification("push").isEmpty()) {
            return notExercised("no request reached the push provider");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (Map.Entry<String, List<ProviderLedger.Request>> entry : ledger.byNotification("push").entrySet()) {
            long duplicates = entry.getValue().stream().filter(ProviderLedger.Request::duplicate).count();
            long faults = ledger.faultsOn(entry.getKey());
            int expired = reclaims.getOrDefault(entry.getKey(), 0);
            if (duplicates > faults + expired && evidence.size() < 5) {
                evidence.add(Evidence.of("the device showed " + entry.getKey() + " " + (duplicates + 1) + " times ("
                        + Text.count(faults, "fault") + " injected on it, its lease expired " + Text.count(expired, "time") + "): "
                        + String.join("; ", entry.getValue().stream().map(ProviderLedger.Request::describe).toList())));
            }
        }
        return failIfAny(evidence);
    }
}
