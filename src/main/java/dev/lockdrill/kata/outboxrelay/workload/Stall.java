package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.LockWaits;
import dev.lockdrill.harness.Pause;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Future;

/** Waits until every given worker's call is done or the worker waits on a lock, with a cap. */
final class Stall {
    private final OutboxRig rig;
    private final long capMillis;

    Stall(OutboxRig rig, long capMillis) {
        this.rig = rig;
        this.capMillis = capMillis;
    }

    void untilDoneOrBlocked(List<String> workers, List<Future<?>> calls) throws SQLException {
        long deadline = System.nanoTime() + capMillis * 1_000_000;
        try (Connection observer = rig.database().connect("observer")) {
            List<LockWaits> waits = workers.stream().map(w -> new LockWaits(rig.database(), observer)).toList();
            while (System.nanoTime() < deadline) {
                boolean settled = true;
                for (int i = 0; i < workers.size(); i++) {
                    boolean waiting = waits.get(i).waiting(workers.get(i));
                    settled &= calls.get(i).isDone() || waiting;
                }
                if (settled) {
                    return;
                }
                Pause.millis(2);
            }
        }
    }
}
