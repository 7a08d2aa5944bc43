package dev.lockdrill.check.outbox;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;

import java.util.List;

/** A fault that could not be injected (no publish to hold, no session to kill) leaves the run undecided. */
public final class FaultsLanded implements Invariant {
    @Override
    public String name() {
        return "faults-landed";
    }

    @Override
    public String description() {
        return "the kill and the hold were actually injected";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> missed = history.faults().stream()
                .filter(f -> f.name().endsWith("-missed"))
                .map(FaultEvent::description)
                .map(Evidence::of)
                .toList();
        return missed.isEmpty() ? pass() : unknown(missed);
    }
}
