package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
        for (Observation permits : history.observations("permits")) {
            for (Map<String, Object> row : permits.rows()) {
                if (!String.valueOf(row.get("available")).equals(String.valueOf(row.get("limit")))) {
                    evidence.add(Evidence.of(permits.scenario() + ": after every call had ended, "
                            + row.get("dependency") + " had " + row.get("available") + " permits available; its "
                            + "limit is " + row.get("limit") + " (" + row.get("stillRunning") + " calls still inside)"));
                }
            }
        }
        return failIfAny(evidence);
    }
}
