package dev.lockdrill.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs invoke and complete events into operations. An operation that was invoked but never
 * completed (the process died or timed out) becomes INFO: its effect is unknown.
 */
public final class HistoryAssembler {
    private final Map<Long, Event.Invoke> pending = new LinkedHashMap<>();
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Observation> observations = new ArrayList<>();
    private long lastTime;

    public synchronized void accept(Event event) {
        if (event instanceof Event.Invoke invoke) {
            pending.put(invoke.id(), invoke);
            lastTime = Math.max(lastTime, invoke.t());
        } else if (event instanceof Event.Complete complete) {
            complete(complete);
        } else if (event instanceof Event.Fault f) {
            faults.add(new FaultEvent(f.name(), f.scenario(), f.target(), f.start(), f.end(), f.landed(),
                    f.description()));
        } else if (event instanceof Event.Observed o) {
            observations.add(new Observation(o.name(), o.scenario(), o.rows()));
        }
    }

    private void complete(Event.Complete complete) {
        Event.Invoke invoke = pending.remove(complete.id());
        if (invoke == null) {
            return;
        }
        lastTime = Math.max(lastTime, complete.t());
        ops.add(new Op(invoke.id(), invoke.scenario(), invoke.worker(), invoke.f(), invoke.args(), invoke.t(),
                complete.t(), complete.outcome(), complete.result(), complete.error()));
    }

    /** Operations still in flight, oldest first. */
    public synchronized List<Event.Invoke> pending() {
        return List.copyOf(pending.values());
    }

    public synchronized History build(long seed) {
        List<Op> all = new ArrayList<>(ops);
        for (Event.Invoke invoke : pending.values()) {
            all.add(new Op(invoke.id(), invoke.scenario(), invoke.worker(), invoke.f(), invoke.args(), invoke.t(),
                    lastTime, Outcome.INFO, Map.of(), "never completed"));
        }
        all.sort((a, b) -> Long.compare(a.id(), b.id()));
        return new History(seed, all, faults, observations);
    }
}
