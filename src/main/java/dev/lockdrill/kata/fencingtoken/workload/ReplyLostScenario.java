package dev.lockdrill.kata.fencingtoken.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.LoseReply;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.fencing.FencedStore;

import java.sql.Connection;

/**
 * Faults between the effect and its reply, on a write and on a read. worker-5 writes a fresh key; once
 * the round trip that made its write visible has been answered, the harness drops the connection
 * before the store sees the answer (whether that round trip was the statement itself, a COMMIT or a
 * function call). The store cannot know the write happened: it must throw (an unknown outcome) or
 * find out and answer true, never false. After an error, worker-5 sends the same write again.
 * worker-6 writes the next token; then worker-5 reads the key and the reply of its first round trip
 * is lost: the read must throw, never answer "nothing stored".
 */
final class ReplyLostScenario implements FencingScenario {
    static final int MAX_RETRIES = 3;

    @Override
    public String name() {
        return "reply-lost";
    }

    @Override
    public String summary() {
        return "worker-5's write takes effect and its reply is lost; then a read of the key loses its reply";
    }

    @Override
    public void run(FencingRig rig) throws Exception {
        String key = rig.key("receipt");
        long token = 3_000_000_000L + rig.random().nextInt(1_000);
        String value = "worker-5 token " + token;
        FencedStore store = rig.store("worker-5");
        Database database = rig.database();
        WriteResult result;
        try (Connection observer = database.connect("observer")) {
            LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer,
                    "SELECT 1 AS one FROM fenced_resource WHERE key = ? AND token = ? AND value = ?",
                    key, token, value).isEmpty());
            rig.dataSourceOf("worker-5").hook(lose);
            long start = rig.recorder().now();
            try {
                result = rig.write("worker-5", store, key, token, value);
            } finally {
                rig.dataSourceOf("worker-5").hook(RoundTripHook.NONE);
            }
            rig.recorder().fault(Faults.KILL, rig.scenario(), "worker-5", start, lose.landed(), lose.landed()
                    ? "worker-5's write of token " + token + " took effect, then its connection was dropped before "
                    + "the store saw the reply to " + lose.roundTrip() + " (an I/O error, 08006)"
                    : "the reply was not lost: worker-5's write never became visible in the storage");
        }
        for (int retry = 0; retry < MAX_RETRIES && result == WriteResult.UNKNOWN; retry++) {
            result = rig.write("worker-5", store, key, token, value);
        }
        FencedStore next = rig.store("worker-6");
        rig.write("worker-6", next, key, token + 1, "worker-6 token " + (token + 1));
        LoseReply lost = LoseReply.next();
        rig.dataSourceOf("worker-5").hook(lost);
        long start = rig.recorder().now();
        try {
            rig.read("worker-5", store, key);
        } finally {
            rig.dataSourceOf("worker-5").hook(RoundTripHook.NONE);
        }
        rig.recorder().fault(Faults.KILL, rig.scenario(), "worker-5", start, lost.landed(), lost.landed()
                ? "worker-5's read of " + key + " reached the server, then its connection was dropped before the "
                + "store saw the reply to " + lost.roundTrip() + " (an I/O error, 08006)"
                : "the read's reply was not lost: the read made no round trip");
    }
}
