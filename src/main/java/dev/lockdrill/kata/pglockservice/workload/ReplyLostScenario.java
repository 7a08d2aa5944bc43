package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.LoseReply;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Faults between the effect and its reply. The harness drops worker-1's connection once the round
 * trip that changed the locks table has been answered, before the service's code sees the answer:
 * on a tryAcquire that was granted (the table took worker-1's token), on a renew that pushed the
 * lease on, and on a release that freed the lock. The service cannot know: it must throw (the
 * outcome is unknown) or find out, never answer "not granted" or false. Meanwhile worker-2 asks
 * for the lock worker-1 was granted without knowing it: it must be refused. And worker-1 asks
 * again for a lock it holds, losing the reply of a round trip that changed nothing: a refusal or
 * an error, never the lease it already had passed off as a new grant. After an unknown renew
 * or release, worker-1 sends it again, as a caller would.
 */
final class ReplyLostScenario implements LockScenario {
    static final long TTL_MILLIS = 5_000;

    @Override
    public String name() {
        return "reply-lost";
    }

    @Override
    public String summary() {
        return "the replies of a granted tryAcquire, a renew and a release are lost after the table changed";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        LockService first = rig.service("worker-1", "host-1", Clock.systemUTC());
        LockService second = rig.service("worker-2", "host-2", Clock.systemUTC());
        String granted = rig.name("invoice-run-" + rig.random().nextInt(1000));
        String held = rig.name("ledger-close-" + rig.random().nextInt(1000));
        try (Connection observer = rig.database().connect("observer")) {
            Optional<Lease> unknown = lose(rig, "worker-1", observer, "SELECT 1 AS one FROM lockdrill_lock_history "
                    + "WHERE name = ?", granted, "tryAcquire(" + granted + ") was granted",
                    () -> rig.acquire("worker-1", first, granted, TTL_MILLIS));
            rig.acquire("worker-2", second, granted, TTL_MILLIS);
            unknown.ifPresent(lease -> rig.release("worker-1", first, lease));

            Optional<Lease> lease = rig.acquire("worker-1", first, held, TTL_MILLIS);
            if (lease.isEmpty()) {
                return;
            }
            again(rig, first, held);
            Object until = leaseUntil(observer, held);
            boolean renewed = lose(rig, "worker-1", observer, "SELECT 1 AS one FROM locks WHERE name = ? AND "
                    + "(extract(epoch FROM lease_until) * 1000000)::bigint <> " + until, held,
                    "renew of " + held + " pushed the lease on",
                    () -> rig.renew("worker-1", first, lease.get(), TTL_MILLIS));
            if (!renewed) {
                rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
            }
            boolean released = lose(rig, "worker-1", observer, "SELECT 1 AS one WHERE NOT EXISTS (SELECT 1 FROM "
                    + "locks WHERE name = ? AND lease_until > clock_timestamp())", held,
                    "release of " + held + " freed the lock",
                    () -> rig.release("worker-1", first, lease.get()));
            if (!released) {
                rig.release("worker-1", first, lease.get());
            }
            rig.acquire("worker-2", second, held, TTL_MILLIS).ifPresent(next -> rig.release("worker-2", second, next));
        }
    }

    /**
     * worker-1 asks again for the lock it holds and loses the reply of its first round trip, which
     * changed nothing: an answer that "finds out" by looking for a live lease of its holder mistakes
     * the lease it already had for a new grant (the same token granted twice).
     */
    private static void again(LockRig rig, LockService service, String name) throws Exception {
        LostReplies.during(rig.recorder(), rig.scenario(), "worker-1", rig.dataSource("worker-1"), LoseReply.next(),
                () -> rig.acquire("worker-1", service, name, TTL_MILLIS), new LostReplies.Wording(
                        roundTrip -> "worker-1, holding " + name + ", asked for it again; its connection was dropped "
                                + "before the service saw the reply to " + roundTrip
                                + " (an I/O error, 08006), which changed nothing",
                        "worker-1's second tryAcquire(" + name + ") made no round trip"));
    }

    /** A call the scenario makes with a lost reply. */
    @FunctionalInterface
    private interface Call<T> {
        T make() throws Exception;
    }

    /**
     * Makes the call with worker's reply lost after the first round trip that made {@code applied}
     * (a query with the lock's name as its one parameter) hold, and records the fault.
     */
    private static <T> T lose(LockRig rig, String worker, Connection observer, String applied, String name,
                              String effect, Call<T> call) throws Exception {
        List<T> answer = new ArrayList<>(1);
        LostReplies.during(rig.recorder(), rig.scenario(), worker, rig.dataSource(worker),
                LoseReply.onceApplied(() -> !Sql.rows(observer, applied, name).isEmpty()),
                () -> answer.add(call.make()), new LostReplies.Wording(
                        roundTrip -> worker + "'s " + effect + ", then its connection was dropped before the service "
                                + "saw the reply to " + roundTrip + " (an I/O error, 08006)",
                        "the reply was not lost: the locks table never showed that " + worker + "'s " + effect));
        return answer.get(0);
    }

    private static Object leaseUntil(Connection observer, String name) throws SQLException {
        return Sql.rows(observer, "SELECT (extract(epoch FROM lease_until) * 1000000)::bigint AS us FROM locks "
                + "WHERE name = ?", name).stream().findFirst().map(row -> row.get("us")).orElse(0L);
    }
}
