package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.LoseReply;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.Sql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Faults between the effect and its reply, on the database side: worker-1's connection is dropped
 * once the round trip that made its effect visible has been answered, before its code sees the
 * answer. Once on its claim (rows leased to worker-1: the first change of the call that committed,
 * whatever the design), once on a sent mark (a delivered notification recorded sent), in an order
 * drawn per seed, each on a drainOnce() of its own after three more notifications are inserted. The worker cannot know the table changed: it must throw (the outcome is unknown)
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
            List<Long> ids = new ArrayList<>();
            for (boolean mark : markFirst ? new boolean[]{true, false} : new boolean[]{false, true}) {
                ids.addAll(rig.insert(NOTIFICATIONS, 0));
                if (mark) {
                    loseMarkReply(rig, observer, List.copyOf(ids));
                } else {
                    loseClaimReply(rig, observer, List.copyOf(ids));
                }
            }
        }
        rig.drain(List.of("worker-1", "worker-2"), DEADLINE_MILLIS);
    }

    /**
     * Loses the reply to the round trip that made worker-1's first change of the call visible (its
     * claim, where the design leases rows; the audit trail shows a change only once it committed).
     */
    private static void loseClaimReply(SendRig rig, Connection observer, List<Long> ids) throws Exception {
        Array rows = observer.createArrayOf("bigint", ids.toArray());
        long before = count(observer, "SELECT coalesce(max(seq), 0) AS n FROM lockdrill_claim_audit "
                + "WHERE id = ANY (?)", rows);
        LoseReply lose = LoseReply.onceApplied(() -> count(observer, "SELECT coalesce(max(seq), 0) AS n "
                + "FROM lockdrill_claim_audit WHERE id = ANY (?)", rows) > before);
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.pool("worker-1"), lose,
                () -> rig.drainOnce("worker-1"), new LostReplies.Wording(
                        roundTrip -> "worker-1's first change of notifications " + ids + " committed (its claim, "
                                + "where rows are leased), then its connection was dropped before its code saw the "
                                + "reply to " + roundTrip + " (an I/O error, 08006)",
                        "the claim's reply was not lost: worker-1 changed none of notifications " + ids));
    }

    private static void loseMarkReply(SendRig rig, Connection observer, List<Long> ids) throws Exception {
        Array rows = observer.createArrayOf("bigint", ids.toArray());
        String sent = "SELECT count(*) AS n FROM notifications WHERE id = ANY (?) AND state = 'sent'";
        long before = count(observer, sent, rows);
        LoseReply lose = LoseReply.onceApplied(() -> count(observer, sent, rows) > before);
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.pool("worker-1"), lose,
                () -> rig.drainOnce("worker-1"), new LostReplies.Wording(
                        roundTrip -> "worker-1 delivered one of notifications " + ids + " and its sent mark "
                                + "committed, then its connection was dropped before its code saw the reply to "
                                + roundTrip + " (an I/O error, 08006)",
                        "the sent mark's reply was not lost: worker-1 marked none of notifications " + ids
                                + " sent"));
    }

    private static long count(Connection observer, String sql, Array rows) throws SQLException {
        return ((Number) Sql.rows(observer, sql, rows).get(0).get("n")).longValue();
    }
}
