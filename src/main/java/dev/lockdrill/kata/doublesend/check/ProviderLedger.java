package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.lease.LeaseTimeline;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.kata.doublesend.protocol.InjectedFault;
import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;
import dev.lockdrill.kata.doublesend.protocol.SendObservations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the double-send ground truth: each fake provider's ledger (every request it got and what
 * it did), the faults injected per notification, and from the lease audit how often each
 * notification's lease ran out and was taken over.
 */
final class ProviderLedger {
    private final History history;

    ProviderLedger(History history) {
        this.history = history;
    }

    /** Every request, in arrival order per scenario; {@code kind} is "dedup" or "push". */
    List<Request> requests() {
        List<Request> requests = new ArrayList<>();
        for (Observation observation : history.observations()) {
            String kind = SendObservations.kindOf(observation.name());
            if (kind == null) {
                continue;
            }
            for (Map<String, Object> row : observation.rows()) {
                requests.add(Request.of(kind, observation.scenario(), row));
            }
        }
        return requests;
    }

    /** Requests grouped per notification ("scenario/id"), in arrival order. */
    Map<String, List<Request>> byNotification(String kind) {
        Map<String, List<Request>> grouped = new LinkedHashMap<>();
        for (Request request : requests()) {
            if (kind == null || request.kind().equals(kind)) {
                grouped.computeIfAbsent(request.notificationKey(), k -> new ArrayList<>()).add(request);
            }
        }
        return grouped;
    }

    /** Faults the harness injected on this notification ("scenario/id"). */
    long faultsOn(String notificationKey) {
        return history.observations(SendObservations.INJECTED).stream()
                .flatMap(o -> o.rows().stream().map(r -> o.scenario() + "/" + InjectedFault.of(r).notification()))
                .filter(notificationKey::equals)
                .count();
    }

    /** How many times the notification's lease ran out (in database time) and someone claimed it again. */
    Map<String, Integer> reclaims() {
        Map<String, Integer> reclaims = new LinkedHashMap<>();
        for (Map.Entry<String, List<LeaseAudit.Change>> row : new LeaseAudit(history).byRow().entrySet()) {
            int count = 0;
            for (LeaseTimeline.Step step : new LeaseTimeline(row.getValue()).steps()) {
                if (step.change().isClaim() && step.before() != null
                        && step.change().atUs() >= step.before().expiryUs()) {
                    count++;
                }
            }
            reclaims.put(row.getKey(), count);
        }
        return reclaims;
    }

    /** One request the provider got. */
    record Request(String kind, String scenario, long seq, String worker, long notification, String recipient,
                   String key, String collapseId, String result, boolean effect, boolean duplicate, long atUs) {
        static Request of(String kind, String scenario, Map<String, Object> row) {
            LedgerEntry e = LedgerEntry.of(row);
            return new Request(kind, scenario, e.seq(), e.worker(), e.notification(), e.recipient(), e.key(),
                    e.collapseId(), e.result(), e.effect(), e.duplicate(), e.atUs());
        }

        String notificationKey() {
            return scenario + "/" + notification;
        }

        String describe() {
            return worker + " sent " + notificationKey() + " with key " + quote(key) + ", collapse id "
                    + quote(collapseId) + ": " + result;
        }

        private static String quote(String value) {
            return value == null ? "none" : "\"" + value + "\"";
        }
    }
}
