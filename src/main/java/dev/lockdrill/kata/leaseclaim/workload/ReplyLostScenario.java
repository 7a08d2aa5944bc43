package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.LoseReply;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Faults between the effect and its reply, on each of the three calls. The harness drops worker-1's
 * connection once the round trip that made its effect visible (the claim's lease, the completion,
 * the pushed expiry) has been answered, before the queue's code sees the answer: the queue cannot
 * know the table changed. It must throw (the outcome is unknown) or find out, never answer as if
 * nothing happened: a claim that swallows the error and returns no rows strands the rows it leased
 * until their lease runs out; a complete or extend that says false lies about the table. After an
 * unknown completion worker-1 sends the same completion again, as a caller would. Which of the
 * claim's rows stays for the later calls, and the outcome completed, are drawn per seed.
 */
final class ReplyLostScenario implements LeaseScenario {
    /** worker-1's lease: the rows of its lost claim come back due this soon. */
    static final Duration LEASE = Duration.ofMillis(300);
    /** worker-2's lease: long enough that its own rows never lapse between its calls, even under load. */
    static final Duration LONG_LEASE = Duration.ofSeconds(5);
    static final long WAIT_CAP_MILLIS = 3_000;

    @Override
    public String name() {
        return "reply-lost";
    }

    @Override
    public String summary() {
        return "the replies of a claim, a complete and an extend are lost after the table changed";
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        LeaseQueue first = rig.queue("worker-1", LEASE);
        LeaseQueue second = rig.queue("worker-2", LONG_LEASE);
        List<Long> lostClaim = rig.insert(2);
        Database database = rig.database();
        try (Connection observer = database.connect("observer")) {
            loseClaimReply(rig, first, observer, lostClaim);
            rig.insert(1);
            List<Claim> mine = rig.claim("worker-1", first, 1);
            Completion outcome = rig.random().nextBoolean() ? Completion.DONE : Completion.FAILED;
            for (Claim claim : mine) {
                loseCompleteReply(rig, first, observer, claim, outcome);
            }
            List<Claim> taken = takeOver(rig, second, lostClaim);
            if (!taken.isEmpty()) {
                Claim extended = taken.get(rig.random().nextInt(taken.size()));
                loseExtendReply(rig, second, observer, extended);
            }
            for (Claim claim : taken) {
                rig.complete("worker-2", second, claim, Completion.DONE);
            }
            // whatever is left (a row the check's faults left leased) is drained, as a live queue would
            long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
            while (!rig.allFinished() && System.nanoTime() < deadline) {
                for (Claim claim : rig.claim("worker-2", second, 3)) {
                    rig.complete("worker-2", second, claim, Completion.DONE);
                }
                Pause.millis(20);
            }
        }
    }

    private static void loseClaimReply(LeaseRig rig, LeaseQueue queue, Connection observer, List<Long> rows)
            throws Exception {
        LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer,
                "SELECT 1 AS one FROM notifications WHERE id = ANY (?) AND lease_token IS NOT NULL",
                observer.createArrayOf("bigint", rows.toArray())).isEmpty());
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.dataSourceOf("worker-1"), lose,
                () -> rig.claim("worker-1", queue, rows.size()), new LostReplies.Wording(
                        roundTrip -> "worker-1's claim leased rows " + rows + ", then its connection was dropped "
                                + "before the queue saw the reply to " + roundTrip + " (an I/O error, 08006)",
                        "the claim's reply was not lost: none of rows " + rows + " was ever leased"));
    }

    private static void loseCompleteReply(LeaseRig rig, LeaseQueue queue, Connection observer, Claim claim,
                                          Completion outcome) throws Exception {
        LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer,
                "SELECT 1 AS one FROM notifications WHERE id = ? AND state IN ('done', 'failed')", claim.id())
                .isEmpty());
        Boolean[] answer = new Boolean[1];
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.dataSourceOf("worker-1"), lose,
                () -> answer[0] = rig.complete("worker-1", queue, claim, outcome), new LostReplies.Wording(
                        roundTrip -> "worker-1's complete(" + claim.id() + ", " + outcome.state() + ") finished the "
                                + "row, then its connection was dropped before the queue saw the reply to "
                                + roundTrip + " (an I/O error, 08006)",
                        "the completion's reply was not lost: row " + claim.id() + " was never finished"));
        if (answer[0] == null) {
            rig.complete("worker-1", queue, claim, outcome);
        }
    }

    /** worker-2 polls until the rows whose claim was lost come back due (their lease ran out), or a cap. */
    private static List<Claim> takeOver(LeaseRig rig, LeaseQueue queue, List<Long> rows) {
        List<Claim> taken = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT_CAP_MILLIS * 1_000_000;
        while (taken.size() < rows.size() && System.nanoTime() < deadline) {
            rig.claim("worker-2", queue, rows.size()).stream().filter(c -> rows.contains(c.id())).forEach(taken::add);
            if (taken.size() < rows.size()) {
                Pause.millis(20);
            }
        }
        return taken;
    }

    private static void loseExtendReply(LeaseRig rig, LeaseQueue queue, Connection observer, Claim claim)
            throws Exception {
        String expiry = "(extract(epoch FROM next_attempt_at) * 1000000)::bigint";
        Object before = Sql.rows(observer, "SELECT " + expiry + " AS us FROM notifications WHERE id = ?", claim.id())
                .get(0).get("us");
        LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(observer,
                "SELECT 1 AS one FROM notifications WHERE id = ? AND " + expiry + " <> ?", claim.id(), before).isEmpty());
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-2", rig.dataSourceOf("worker-2"), lose,
                () -> rig.extend("worker-2", queue, claim), new LostReplies.Wording(
                        roundTrip -> "worker-2's extend(" + claim.id() + ") pushed the lease forward, then its "
                                + "connection was dropped before the queue saw the reply to " + roundTrip
                                + " (an I/O error, 08006)",
                        "the extend's reply was not lost: row " + claim.id() + "'s lease never moved"));
    }
}
