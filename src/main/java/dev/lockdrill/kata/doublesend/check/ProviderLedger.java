package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.lease.LeaseTimeline;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;

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
            if (!observation.name().startsWith("provider-")) {
                continue;
            }
            String kind = observation.name().substring("provider-".length());
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
        return history.observations("injected").stream()
                .flatMap(o -> o.rows().stream()
                        .map(r -> o.scenario() + "/" + ((Number) r.get("notification")).longValue()))
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
            return new Request(kind, scenario, ((Number) row.get("seq")).longValue(), (String) row.get("worker"),
                    ((Number) row.get("notification")).longValue(), (String) row.get("recipient"),
                    (String) row.get("key"), (String) row.get("collapseId"), (String) row.get("result"),
                    Boolean.TRUE.equals(row.get("effect")), Boolean.TRUE.equals(row.get("duplicate")),
                    ((Number) row.get("atUs")).longValue());
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
