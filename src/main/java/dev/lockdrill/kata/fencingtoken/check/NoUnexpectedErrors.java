package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.OpText;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/** Without a killed connection to blame, every call completes: a store that throws is not available. */
public final class NoUnexpectedErrors implements Invariant {
    static final int MAX_REPORTED = 5;

    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return "calls complete without errors unless their connection was killed";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        for (Op op : history.ops()) {
            if (!op.ok() && !excused(history, op)) {
                evidence.add(Evidence.of(op.worker() + " " + op.f() + "(" + op.args().getOrDefault("key", "")
                        + ") in " + op.scenario() + ": " + OpText.outcome(op), op.id()));
            }
        }
        if (evidence.size() > MAX_REPORTED) {
            int more = evidence.size() - MAX_REPORTED;
            evidence = new ArrayList<>(evidence.subList(0, MAX_REPORTED));
            evidence.add(Evidence.of("… and " + more + " more calls that failed"));
        }
        return failIfAny(evidence);
    }

    private static boolean excused(History history, Op op) {
        for (FaultEvent fault : history.faults(op.scenario())) {
            boolean overlaps = op.invokeNanos() <= fault.endNanos() && op.completeNanos() >= fault.startNanos();
            if (fault.name().equals("kill") && fault.landed() && fault.target().equals(op.worker()) && overlaps) {
                return true;
            }
        }
        return false;
    }
}
