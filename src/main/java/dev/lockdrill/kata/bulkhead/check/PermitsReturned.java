package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.PermitRow;

import java.util.ArrayList;
import java.util.List;

/**
 * availablePermits tells the truth: once every call has ended (after failures, timeouts and
 * cancellations) every permit is back, no more, no fewer; while hung works fill a dependency and
 * nothing else is in transit, it says the limit less those works (0 when full).
 */
public final class PermitsReturned implements Invariant {
    @Override
    public String name() {
        return "permits-returned";
    }

    @Override
    public String description() {
        return "availablePermits equals the limit after quiescence, and the limit less the works inside while they hang";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        for (Observation permits : history.observations(BulkheadObservation.PERMITS.label())) {
            for (PermitRow row : permits.rows().stream().map(PermitRow::of).toList()) {
                if (!row.asDue() && row.phase() == PermitRow.Phase.QUIESCENT) {
                    evidence.add(Evidence.of(permits.scenario() + ": after every call had ended, "
                            + row.dependency() + " had " + row.available() + " permits available; its "
                            + "limit is " + row.limit() + " (" + Text.count(row.stillRunning(), "call") + " still inside)"));
                } else if (!row.asDue()) {
                    evidence.add(Evidence.of(permits.scenario() + ": while " + row.stillRunning() + " hung works were "
                            + "inside " + row.dependency() + " (limit " + row.limit() + "), availablePermits said "
                            + row.available() + "; " + row.due() + " was due"));
                }
            }
        }
        return failIfAny(evidence);
    }
}
