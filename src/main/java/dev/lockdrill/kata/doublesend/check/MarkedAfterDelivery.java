package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A notification is marked sent only after the provider has taken it: the commit of the row's
 * change to {@code sent} (database clock, when the mark became visible) comes after the provider's
 * first delivery (same machine clock). Marking first and committing before the send loses the
 * notification whenever the process dies in between; marking inside a transaction that commits
 * only after the send is fine, so the commit's time is judged, not the statement's.
 */
public final class MarkedAfterDelivery implements Invariant {
    @Override
    public String name() {
        return "marked-after-delivery";
    }

    @Override
    public String description() {
        return "a notification is marked sent only after the provider delivered it";
    }

    @Override
    public InvariantResult check(History history) {
        Map<String, List<ProviderLedger.Request>> requests = new ProviderLedger(history).byNotification(null);
        List<Evidence> evidence = new ArrayList<>();
        if (new LeaseAudit(history).changes().stream().noneMatch(c -> c.isFinish() && "sent".equals(c.newState()))) {
            return notExercised("no notification was marked sent");
        }
        for (LeaseAudit.Change change : new LeaseAudit(history).changes()) {
            if (!change.isFinish() || !"sent".equals(change.newState())) {
                continue;
            }
            OptionalLong delivered = requests.getOrDefault(change.rowKey(), List.of()).stream()
                    .filter(ProviderLedger.Request::effect).mapToLong(ProviderLedger.Request::atUs).min();
            if (delivered.isEmpty() || delivered.getAsLong() > change.commitUs()) {
                evidence.add(Evidence.of(change.worker() + " marked " + change.rowKey() + " sent "
                        + (delivered.isEmpty() ? "but the provider never delivered it"
                        : "and committed it " + LeaseAudit.ms(delivered.getAsLong() - change.commitUs())
                        + " before the provider delivered it")));
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
