package dev.lockdrill.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;

import java.util.List;

/** A fault that could not be injected (nothing to hold, no session to kill) leaves the run undecided. */
public final class FaultsLanded implements Invariant {
    @Override
    public String name() {
        return "faults-landed";
    }

    @Override
    public String description() {
        return "every scheduled fault (kill, hold...) was actually injected";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> missed = history.faults().stream()
                .filter(f -> !f.landed())
                .map(FaultEvent::description)
                .map(Evidence::of)
                .toList();
        return missed.isEmpty() ? pass() : unknown(missed);
    }
}
