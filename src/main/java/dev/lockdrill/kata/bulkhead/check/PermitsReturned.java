package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.PermitRow;

import java.util.ArrayList;
import java.util.List;

/** Once every call has ended (after failures, timeouts and cancellations), every permit is back: no more, no fewer. */
public final class PermitsReturned implements Invariant {
    @Override
    public String name() {
        return "permits-returned";
    }

    @Override
    public String description() {
        return "after quiescence availablePermits equals the limit of every dependency";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        for (Observation permits : history.observations(BulkheadObservation.PERMITS.label())) {
            for (PermitRow row : permits.rows().stream().map(PermitRow::of).toList()) {
                if (!row.allBack()) {
                    evidence.add(Evidence.of(permits.scenario() + ": after every call had ended, "
                            + row.dependency() + " had " + row.available() + " permits available; its "
                            + "limit is " + row.limit() + " (" + row.stillRunning() + " calls still inside)"));
                }
            }
        }
        return failIfAny(evidence);
    }
}
