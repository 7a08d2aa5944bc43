package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Not a check: the throughput benchmark behind bench/double-send-vs-pgbench.sh. Drains a large
 * backlog (system properties lockdrill.bench.notifications, default 100000, and
 * lockdrill.bench.workers, default 10) through the dedup provider with no faults and reports
 * deliveries per second as a "bench" observation. It is registered with no kata.
 */
public final class DrainBenchWorkload implements Workload {
    static final long DEADLINE_MILLIS = 30 * 60 * 1000L;

    @Override
    public void run(WorkloadContext context) throws Exception {
        int notifications = Integer.getInteger("lockdrill.bench.notifications", 100_000);
        int workerCount = Integer.getInteger("lockdrill.bench.workers", 10);
        Database database = context.requireDatabase();
        try (Connection admin = database.owner()) {
            LeaseSchema.create(admin);
            DedupProvider provider = new DedupProvider();
            try (SendRig rig = new SendRig(context, admin, "bench", 1, provider, Duration.ofSeconds(30))) {
                rig.insert(notifications, 0);
                List<String> workers = new ArrayList<>();
                for (int w = 1; w <= workerCount; w++) {
                    workers.add("worker-" + w);
                }
                long start = System.nanoTime();
                rig.drain(workers, DEADLINE_MILLIS);
                double seconds = (System.nanoTime() - start) / 1e9;
                long effects = provider.ledger().stream().filter(r -> LedgerEntry.of(r).effect()).count();
                context.recorder().observe("bench", "bench", List.of(Map.of("notifications", notifications,
                        "workers", workerCount, "seconds", seconds, "deliveries", effects,
                        "deliveriesPerSecond", effects / seconds, "allFinished", rig.allFinished())));
            }
        }
    }
}
