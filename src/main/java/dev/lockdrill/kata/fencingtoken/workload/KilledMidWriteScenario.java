package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.concurrent.Future;

/**
 * A backend killed mid-write: the harness holds a SHARE lock on the resource table so that
 * worker-3's write waits inside PostgreSQL, then kills that backend with pg_terminate_backend.
 * The worker cannot know whether its write happened, so it retries the same (token, value) on a
 * new connection; then worker-4 writes the next token.
 */
final class KilledMidWriteScenario implements FencingScenario {
    static final int MAX_RETRIES = 3;

    @Override
    public String name() {
        return "killed-mid-write";
    }

    @Override
    public String summary() {
        return "worker-3's backend is killed with pg_terminate_backend while its write waits; it retries";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        String key = rig.key("ledger");
        long token = 500 + rig.random().nextInt(400);
        FencedStore store = rig.store("worker-3");
        String value = "worker-3 token " + token;
        try (Workers workers = new Workers()) {
            rig.admin().setAutoCommit(false);
            Sql.exec(rig.admin(), "LOCK TABLE fenced_resource IN SHARE MODE");
            long start = rig.recorder().now();
            Future<WriteResult> write = workers.start("worker-3",
                    () -> rig.write("worker-3", store, key, token, value));
            int pid = rig.killer().killWhenBlocked("worker-3", 3_000);
            rig.admin().rollback();
            rig.admin().setAutoCommit(true);
            rig.recorder().fault(Faults.KILL, rig.scenario(), "worker-3", start, pid > 0, pid > 0
                    ? "pg_terminate_backend(" + pid + ") killed worker-3's session while its write waited on a lock"
                    : "the kill did not land: worker-3's write never waited on the resource table");
            WriteResult result = Workers.await(write);
            for (int retry = 0; retry < MAX_RETRIES && result == WriteResult.UNKNOWN; retry++) {
                result = rig.write("worker-3", store, key, token, value);
            }
        }
        FencedStore next = rig.store("worker-4");
        rig.write("worker-4", next, key, token + 1, "worker-4 token " + (token + 1));
        rig.read("worker-4", next, key);
    }
}
