package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Failures;
import dev.lockdrill.harness.Implementation;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Seeds;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.harness.Workload;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.redlock.protocol.LabNames;
import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.lockservice.LockService;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.params.SetParams;

import javax.sql.DataSource;
import java.net.URL;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The db-vs-redlock lab (child JVM): the pg-lock-service reference, Redlock with a token drawn from
 * a sequence after the majority (the harness's own client), and the redlock reference (Redlock in
 * front of a grant the resource's PostgreSQL orders), each under the same seeded schedule (a
 * contention run, then a holder paused inside its critical section, one paused between its lock
 * and its token, a clock jump and a lost lock-service node), with every holder's write made twice
 * by the harness: to a fenced table (refuses a token lower than the highest it accepted) and to an
 * unfenced one.
 */
public final class DbVsRedlockWorkload implements Workload {
    static final String PG_CLASS = "katas.pglockservice.PostgresLockService";
    static final int ROUNDS = 10;

    /** One lock service behind one small interface, so all run the same schedule. */
    private interface LabLock {
        Optional<Held> acquire(String key, long ttlMillis) throws Exception;

        void release(Held held) throws Exception;

        /** The client's database connections, where a hold stops it between its lock and its token. */
        WorkerDataSource pool();

        /** Whether the lock service itself still says this holder holds the key (read right after acquire returned). */
        boolean stillHolds(String key, Held held) throws SQLException;
    }

    private record Held(long token, long validityMillis, Object lease) {
    }

    @Override
    public void run(WorkloadContext context) throws Exception {
        Database database = context.requireDatabase();
        SplittableRandom random = Seeds.forScenario(context.seed(), "lab");
        long pauseExtra = 100 + random.nextInt(100);
        try (Connection admin = database.owner()) {
            Sql.exec(admin, """
                    CREATE TABLE locks (name text PRIMARY KEY, holder text NOT NULL, token bigint NOT NULL,
                        lease_until timestamptz NOT NULL);
                    CREATE TABLE protected_resource (key text PRIMARY KEY, value text NOT NULL,
                        token bigint NOT NULL DEFAULT 0, lock_value text);
                    CREATE TABLE lab_fenced (key text PRIMARY KEY, value text NOT NULL, token bigint NOT NULL);
                    CREATE TABLE lab_unfenced (key text PRIMARY KEY, value text NOT NULL);
                    CREATE TABLE resource_lease (resource text PRIMARY KEY, token bigint NOT NULL,
                        holder text NOT NULL, expires_at timestamptz NOT NULL);
                    CREATE SEQUENCE lock_fence START WITH 10;
                    CREATE SEQUENCE redlock_fence START WITH 10;
                    """);
            URL[] urls = {context.implementation().classesDir().toUri().toURL()};
            try (RedisNodes nodes = RedisNodes.start();
                 Implementation pg = new Implementation(urls, PG_CLASS, DbVsRedlockWorkload.class.getClassLoader())) {
                Lab lab = new Lab(context, database, admin, nodes, pg, pauseExtra);
                for (String service : LabNames.SERVICES) {
                    lab.contention(service);
                    lab.pausedHolder(service);
                    lab.pausedBeforeToken(service);
                    lab.clockJump(service);
                    lab.lostNode(service);
                }
                lab.close();
            }
        }
    }

    private static final class Lab {
        private final WorkloadContext context;
        private final Database database;
        private final Connection admin;
        private final RedisNodes nodes;
        private final Implementation pg;
        private final long pauseExtra;
        private final List<WorkerDataSource> pools = new ArrayList<>();

        Lab(WorkloadContext context, Database database, Connection admin, RedisNodes nodes, Implementation pg,
            long pauseExtra) {
            this.context = context;
            this.database = database;
            this.admin = admin;
            this.nodes = nodes;
            this.pg = pg;
            this.pauseExtra = pauseExtra;
        }

        Recorder recorder() {
            return context.recorder();
        }

        LabLock lock(String service, String scenario, String worker, Clock clock) throws SQLException {
            WorkerDataSource pool = database.dataSource(service + "-" + worker + "-" + pools.size());
            pool.warmUp();
            pools.add(pool);
            if (service.equals(LabNames.PG)) {
                LockService locks = pg.create(LockService.class, new Class<?>[]{DataSource.class, String.class,
                        Clock.class}, pool, "host-1", clock);
                return new LabLock() {
                    @Override
                    public Optional<Held> acquire(String key, long ttlMillis) throws Exception {
                        return locks.tryAcquire(key, Duration.ofMillis(ttlMillis))
                                .map(l -> new Held(l.token(), ttlMillis, l));
                    }

                    @Override
                    public void release(Held held) throws Exception {
                        locks.release((dev.lockdrill.katas.api.lockservice.Lease) held.lease());
                    }

                    @Override
                    public WorkerDataSource pool() {
                        return pool;
                    }

                    @Override
                    public boolean stillHolds(String key, Held held) throws SQLException {
                        return Sql.rows(admin, "SELECT 1 AS one FROM locks WHERE name = ? AND token = ? "
                                + "AND lease_until > now()", key, held.token()).size() == 1;
                    }
                };
            }
            List<RedisNode> endpoints = new ArrayList<>();
            for (String name : nodes.names()) {
                endpoints.add(new RedisNode(name, "127.0.0.1", nodes.port(name)));
            }
            Redlock redlock = service.equals(LabNames.REDLOCK_SEQUENCE)
                    ? new SequenceAfterGrantRedlock(List.copyOf(endpoints), pool)
                    : context.implementation().create(Redlock.class, new Class<?>[]{List.class, DataSource.class},
                    List.copyOf(endpoints), pool);
            return new LabLock() {
                @Override
                public Optional<Held> acquire(String key, long ttlMillis) {
                    return redlock.acquire(key, Duration.ofMillis(ttlMillis))
                            .map(l -> new Held(l.token(), l.validityMillis(), l));
                }

                @Override
                public void release(Held held) {
                    redlock.release((dev.lockdrill.katas.api.redlock.Lease) held.lease());
                }

                @Override
                public WorkerDataSource pool() {
                    return pool;
                }

                @Override
                public boolean stillHolds(String key, Held held) {
                    String value = ((dev.lockdrill.katas.api.redlock.Lease) held.lease()).value();
                    return RedlockRig.holding(nodes.snapshot(key), value) >= 3;
                }
            };
        }

        Optional<Held> acquire(String scenario, String worker, LabLock lock, String key, long ttl) {
            Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.ACQUIRE,
                    Map.of("resource", key, "ttlMs", ttl));
            try {
                Optional<Held> held = lock.acquire(key, ttl);
                Map<String, Object> fields = new LinkedHashMap<>();
                held.ifPresent(h -> {
                    fields.put("token", h.token());
                    fields.put("validityMs", h.validityMillis());
                });
                op.answered(held.isPresent(), fields);
                return held;
            } catch (Exception e) {
                op.info(Failures.describe(e));
                return Optional.empty();
            }
        }

        void release(String scenario, String worker, LabLock lock, Held held) {
            Recorder.PendingOp op = recorder().invoke(scenario, worker, RedlockOp.RELEASE, Map.of("token", held.token()));
            try {
                lock.release(held);
                op.ok(Map.of());
            } catch (Exception e) {
                op.info(Failures.describe(e));
            }
        }

        /** The holder's write, made by the harness to the fenced and to the unfenced table. */
        void write(String scenario, String worker, Held held, String role) throws SQLException {
            String value = "written-by-" + worker;
            Recorder.PendingOp fenced = recorder().invoke(scenario, worker, RedlockOp.WRITE,
                    Map.of("fence", true, "role", role, "token", held.token(), "value", value));
            boolean accepted = Sql.rows(admin, """
                    INSERT INTO lab_fenced(key, value, token) VALUES (?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
                      WHERE lab_fenced.token <= EXCLUDED.token
                    RETURNING 1 AS one""", scenario, value, held.token()).size() == 1;
            fenced.answered(accepted, Map.of());
            Recorder.PendingOp unfenced = recorder().invoke(scenario, worker, RedlockOp.UNFENCED_WRITE,
                    Map.of("fence", false, "role", role, "token", held.token(), "value", value));
            Sql.rows(admin, """
                    INSERT INTO lab_unfenced(key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value RETURNING 1 AS one""", scenario, value);
            unfenced.answered(true, Map.of());
        }

        void contention(String service) throws Exception {
            String scenario = service + "/" + LabNames.CONTENTION;
            recorder().progress(scenario, "two clients take turns on one lock, " + ROUNDS + " rounds each");
            List<LabLock> locks = List.of(lock(service, scenario, "w-1", Clock.systemUTC()),
                    lock(service, scenario, "w-2", Clock.systemUTC()));
            try (Workers workers = new Workers()) {
                for (int i = 0; i < 2; i++) {
                    String worker = "w-" + (i + 1);
                    LabLock lock = locks.get(i);
                    workers.start(worker, () -> {
                        int done = 0;
                        for (int attempt = 0; attempt < 400 && done < ROUNDS; attempt++) {
                            Optional<Held> held = acquire(scenario, worker, lock, scenario, 2000);
                            if (held.isPresent()) {
                                write(scenario, worker, held.get(), Roles.CURRENT);
                                release(scenario, worker, lock, held.get());
                                done++;
                            } else {
                                Thread.sleep(2);
                            }
                        }
                    });
                }
                workers.awaitAll();
            }
        }

        void pausedHolder(String service) throws Exception {
            String scenario = service + "/" + LabNames.PAUSED;
            recorder().progress(scenario, "w-a pauses past its TTL inside the critical section");
            LabLock a = lock(service, scenario, "w-a", Clock.systemUTC());
            LabLock b = lock(service, scenario, "w-b", Clock.systemUTC());
            Optional<Held> old = acquire(scenario, "w-a", a, scenario, 500);
            long start = recorder().now();
            if (old.isEmpty()) {
                recorder().fault(Faults.PAUSE, scenario, "w-a", start, false, "w-a got no lock to pause in");
                return;
            }
            Thread.sleep(500 + pauseExtra);
            recorder().fault(Faults.PAUSE, scenario, "w-a", start, "w-a paused " + (500 + pauseExtra)
                    + " ms inside its critical section, past its 500 ms TTL");
            twoHolders(scenario, a, old.get(), b, true);
        }

        /**
         * w-a stops inside its acquire before its first database round trip (between its lock and its
         * token) until past its TTL; w-b takes the lock, writes and finishes; then w-a goes on and, if
         * it got a lease, writes: as the holder when the lock service still says it holds (it began
         * again), as a stale holder otherwise.
         */
        void pausedBeforeToken(String service) throws Exception {
            String scenario = service + "/" + LabNames.BEFORE_TOKEN;
            recorder().progress(scenario, "w-a stops between its lock and its token, past its TTL");
            LabLock a = lock(service, scenario, "w-a", Clock.systemUTC());
            LabLock b = lock(service, scenario, "w-b", Clock.systemUTC());
            HoldFirstRoundTrip hold = new HoldFirstRoundTrip(HoldFirstRoundTrip.Side.BEFORE_THE_SERVER, 10_000);
            a.pool().hook(hold);
            long start = recorder().now();
            Optional<Held> old;
            boolean held;
            try (Workers workers = new Workers()) {
                java.util.concurrent.Future<Optional<Held>> pending = workers.start("w-a",
                        () -> acquire(scenario, "w-a", a, scenario, 500));
                held = hold.awaitHeld(pending::isDone, 5_000);
                try {
                    if (held) {
                        Thread.sleep(500 + pauseExtra);
                        Optional<Held> current = acquire(scenario, "w-b", b, scenario, 3000);
                        if (current.isPresent()) {
                            write(scenario, "w-b", current.get(), Roles.CURRENT);
                            release(scenario, "w-b", b, current.get());
                        }
                    }
                } finally {
                    hold.release();
                }
                old = Workers.await(pending);
            } finally {
                a.pool().hook(dev.lockdrill.harness.RoundTripHook.NONE);
            }
            recorder().fault(Faults.PAUSE, scenario, "w-a", start, held, "w-a stopped " + (500 + pauseExtra)
                    + " ms inside acquire, between its lock and its token (before its first database round trip)");
            if (old.isPresent()) {
                write(scenario, "w-a", old.get(), a.stillHolds(scenario, old.get()) ? Roles.CURRENT : Roles.STALE);
                release(scenario, "w-a", a, old.get());
            }
        }

        void clockJump(String service) throws Exception {
            String scenario = service + "/" + LabNames.CLOCK;
            recorder().progress(scenario, "a clock jumps while w-a holds the lock");
            LabLock a = lock(service, scenario, "w-a", Clock.systemUTC());
            LabLock b = lock(service, scenario, "w-b", Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)));
            Optional<Held> old = redlockSplit(service, scenario, a);
            long start = recorder().now();
            if (old.isEmpty()) {
                recorder().fault(Faults.CLOCK_JUMP, scenario, "w-a", start, false, "w-a got no lock");
                return;
            }
            if (!service.equals(LabNames.PG)) {
                boolean cut = nodes.direct("C").pexpire(scenario, 1) == 1;
                recorder().fault(Faults.CLOCK_JUMP, scenario, "node C", start, cut, "the lock's TTL on node C cut "
                        + "to 1 ms (standing in for C's clock jumping forward) while w-a held A, B, C");
                Thread.sleep(5);
            } else {
                recorder().fault(Faults.CLOCK_JUMP, scenario, "w-b", start, "w-b's application clock is 10 min "
                        + "ahead (the lock service decides expiry by the database's clock)");
            }
            twoHolders(scenario, a, old.get(), b, false);
        }

        void lostNode(String service) throws Exception {
            String scenario = service + "/" + LabNames.LOST;
            recorder().progress(scenario, "the lock service loses what it knew about w-a's lock");
            LabLock a = lock(service, scenario, "w-a", Clock.systemUTC());
            LabLock b = lock(service, scenario, "w-b", Clock.systemUTC());
            Optional<Held> old = redlockSplit(service, scenario, a);
            long start = recorder().now();
            if (old.isEmpty()) {
                recorder().fault(RedlockFaults.NODE_RESTART, scenario, "w-a", start, false, "w-a got no lock");
                return;
            }
            if (!service.equals(LabNames.PG)) {
                boolean empty = nodes.restartEmpty("C");
                recorder().fault(RedlockFaults.NODE_RESTART, scenario, "node C", start, empty, "node C killed with "
                        + "SIGKILL while w-a held A, B, C, and started empty (no persistence)");
            } else {
                int killed = Sql.rows(admin, "SELECT pg_terminate_backend(pid, 3000) FROM pg_stat_activity "
                        + "WHERE application_name LIKE ?", database.applicationName(service + "-w-a") + "%").size();
                recorder().fault(Faults.KILL, scenario, "w-a", start, killed > 0, "w-a's " + killed + " database "
                        + "session(s) killed with pg_terminate_backend (the lock row is data: it survives)");
            }
            twoHolders(scenario, a, old.get(), b, false);
        }

        /** Redlock: w-a takes A, B, C while another value sits on D and E, which are then freed. */
        private Optional<Held> redlockSplit(String service, String scenario, LabLock a) {
            if (service.equals(LabNames.PG)) {
                return acquire(scenario, "w-a", a, scenario, 3000);
            }
            for (String n : List.of("D", "E")) {
                nodes.direct(n).set(scenario, "another-client", SetParams.setParams().px(10_000));
            }
            Optional<Held> held = acquire(scenario, "w-a", a, scenario, 3000);
            for (String n : List.of("D", "E")) {
                nodes.direct(n).del(scenario);
            }
            return held;
        }

        private void twoHolders(String scenario, LabLock a, Held old, LabLock b, boolean newHolderFinishes)
                throws SQLException {
            Optional<Held> current = acquire(scenario, "w-b", b, scenario, 3000);
            if (current.isPresent()) {
                write(scenario, "w-b", current.get(), Roles.CURRENT);
                if (newHolderFinishes) {
                    release(scenario, "w-b", b, current.get());
                }
            }
            write(scenario, "w-a", old, current.isPresent() ? Roles.STALE : Roles.CURRENT);
            release(scenario, "w-a", a, old);
            if (current.isPresent() && !newHolderFinishes) {
                release(scenario, "w-b", b, current.get());
            }
        }

        void close() {
            pools.forEach(WorkerDataSource::close);
        }
    }
}
