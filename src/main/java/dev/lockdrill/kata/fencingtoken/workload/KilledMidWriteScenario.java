package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.history.Faults;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.util.concurrent.Future;

/**
 * A backend killed, on both sides of the write's effect. Before: the harness holds a SHARE lock on
 * the resource table so that worker-3's write waits inside PostgreSQL, then kills that backend
 * with pg_terminate_backend; the worker cannot know whether its write happened, so it retries the
 * same (token, value) on a new connection. After: once the write has committed, worker-3's
 * sessions are killed again and it sends the same (token, value) once more, as a client that never
 * saw the reply would; the store must accept it (on a new connection). Then worker-4 writes the
 * next token.
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
        WriteResult result;
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
            result = Workers.await(write);
            for (int retry = 0; retry < MAX_RETRIES && result == WriteResult.UNKNOWN; retry++) {
                result = rig.write("worker-3", store, key, token, value);
            }
        }
        if (result == WriteResult.ACCEPTED) {
            long start = rig.recorder().now();
            int killed = rig.killer().killAll("worker-3");
            rig.recorder().fault(Faults.KILL, rig.scenario(), "worker-3", start, killed > 0, killed > 0
                    ? "pg_terminate_backend killed worker-3's " + Text.count(killed, "idle session") + " after its write of token "
                    + token + " committed; it sends the same write again, as if the reply had been lost"
                    : "the kill after the write did not land: worker-3 had no session left");
            WriteResult again = WriteResult.UNKNOWN;
            for (int retry = 0; retry <= MAX_RETRIES && again == WriteResult.UNKNOWN; retry++) {
                again = rig.write("worker-3", store, key, token, value);
            }
        }
        FencedStore next = rig.store("worker-4");
        rig.write("worker-4", next, key, token + 1, "worker-4 token " + (token + 1));
        rig.read("worker-4", next, key);
    }
}
