package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every notification reaches its recipient and ends {@code sent}; only one the provider rejected
 * for good (a revoked device token) ends {@code failed}. A 409 or a timeout is not a reason to give up.
 */
public final class NoneLost implements Invariant {
    static final String REVOKED = "device-revoked";

    @Override
    public String name() {
        return "none-lost";
    }

    @Override
    public String description() {
        return "every notification is delivered and marked sent; only a permanently rejected one ends failed";
    }

    @Override
    public InvariantResult check(History history) {
        Map<String, List<ProviderLedger.Request>> requests = new ProviderLedger(history).byNotification(null);
        List<Evidence> evidence = new ArrayList<>();
        if (new LeaseAudit(history).finalRows().isEmpty()) {
            return notExercised("no notifications were recorded");
        }
        for (LeaseAudit.FinalRow row : new LeaseAudit(history).finalRows()) {
            List<ProviderLedger.Request> sent = requests.getOrDefault(row.rowKey(), List.of());
            boolean delivered = sent.stream().anyMatch(ProviderLedger.Request::effect);
            String expected = REVOKED.equals(row.recipient()) ? "failed" : "sent";
            if (!expected.equals(row.state())) {
                evidence.add(Evidence.of(row.rowKey() + " ended " + row.state() + " (expected " + expected + ") after "
                        + Text.count(sent.size(), "request") + (sent.isEmpty() ? "" : ": " + String.join("; ",
                        sent.stream().map(ProviderLedger.Request::describe).toList()))));
            } else if (expected.equals("sent") && !delivered) {
                evidence.add(Evidence.of(row.rowKey() + " is marked sent, but the provider never delivered it"
                        + (sent.isEmpty() ? " (no request ever arrived)" : "")));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
