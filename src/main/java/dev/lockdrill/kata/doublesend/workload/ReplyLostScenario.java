package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.LoseReply;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.Sql;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;

/**
 * Faults between the effect and its reply, on the database side: worker-1's connection is dropped
 * once the round trip that made its effect visible has been answered, before its code sees the
 * answer. Once on a claim (rows leased to worker-1), once on a sent mark (a delivered notification
 * recorded sent), in an order drawn per seed, each on a drainOnce() of its own over fresh
 * notifications. The worker cannot know the table changed: it must throw (the outcome is unknown)
 * or find out, never take it for "not done" — a notification whose sent mark committed is not
 * recorded failed, sent again, or put back to be retried. Then worker-1 and worker-2 drain what is
 * left (leased rows come back when their lease runs out) through the push provider, where a
 * second send is a second notification on the device.
 */
final class ReplyLostScenario implements SendScenario {
    static final int NOTIFICATIONS = 3;
    static final long DEADLINE_MILLIS = 4_000;

    @Override
    public String name() {
        return "reply-lost";
    }

    @Override
    public String summary() {
        return "the database's replies to a claim and to a sent mark are lost after they committed; two workers "
                + "then drain";
    }

    @Override
    public FakeProvider provider() {
        return new PushDeviceProvider();
    }

    @Override
    public Duration lease() {
        return Duration.ofMillis(400);
    }

    @Override
    public void run(SendRig rig) throws Exception {
        try (Connection observer = rig.database().connect("observer")) {
            boolean markFirst = rig.random().nextBoolean();
            for (boolean mark : markFirst ? new boolean[]{true, false} : new boolean[]{false, true}) {
                List<Long> ids = rig.insert(NOTIFICATIONS, 0);
                if (mark) {
                    loseMarkReply(rig, observer, ids);
                } else {
                    loseClaimReply(rig, observer, ids);
                }
            }
        }
        rig.drain(List.of("worker-1", "worker-2"), DEADLINE_MILLIS);
    }

    private static void loseClaimReply(SendRig rig, Connection observer, List<Long> ids) throws Exception {
        LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer, "SELECT 1 AS one FROM notifications "
                + "WHERE id = ANY (?) AND lease_token IS NOT NULL", observer.createArrayOf("bigint", ids.toArray()))
                .isEmpty());
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.pool("worker-1"), lose,
                () -> rig.drainOnce("worker-1"), new LostReplies.Wording(
                        roundTrip -> "worker-1's claim leased some of notifications " + ids + ", then its "
                                + "connection was dropped before its code saw the reply to " + roundTrip
                                + " (an I/O error, 08006)",
                        "the claim's reply was not lost: none of notifications " + ids + " was ever leased"));
    }

    private static void loseMarkReply(SendRig rig, Connection observer, List<Long> ids) throws Exception {
        LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer, "SELECT 1 AS one FROM notifications "
                + "WHERE id = ANY (?) AND state = 'sent'", observer.createArrayOf("bigint", ids.toArray())).isEmpty());
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.pool("worker-1"), lose,
                () -> rig.drainOnce("worker-1"), new LostReplies.Wording(
                        roundTrip -> "worker-1 delivered one of notifications " + ids + " and its sent mark "
                                + "committed, then its connection was dropped before its code saw the reply to "
                                + roundTrip + " (an I/O error, 08006)",
                        "the sent mark's reply was not lost: none of notifications " + ids + " was marked sent"));
    }
}
