package dev.lockdrill.harness.schedule;

import dev.lockdrill.db.RunSchema;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The statement scheduler against a real PostgreSQL: races forced by the schedule, locks and sleeps told apart. */
class StatementSchedulerTest {
    private RunSchema schema;
    private Database database;
    private Connection admin;
    private final List<WorkerDataSource> sources = new ArrayList<>();

    @BeforeEach
    void createSchema() throws Exception {
        String name = "ldsched_" + Long.toHexString(System.nanoTime() & 0xffffff);
        schema = RunSchema.create(Pipelines.JDBC_URL, name, "ldsched");
        database = new Database(Pipelines.JDBC_URL, name, "ldsched");
        admin = database.owner();
        Sql.exec(admin, "CREATE TABLE t (k text, v int)");
        Sql.exec(admin, "CREATE TABLE keys (k text PRIMARY KEY)");
    }

    @AfterEach
    void dropSchema() throws Exception {
        for (WorkerDataSource source : sources) {
            source.close();
        }
        admin.close();
        schema.close();
    }

    @Test
    void aCheckThenActInTwoStatementsIsCaughtWhenTheFirstWorkerIsHeldBetweenThem() throws Exception {
        for (int run = 0; run < 5; run++) {
            String key = "k" + run;
            Preempt policy = Preempt.once("worker-1", "worker-2", 1);
            StatementScheduler.Run result = schedule(policy, key, this::insertIfAbsent);

            assertThat(policy.held()).as("worker-1 was held between its SELECT and its INSERT").isTrue();
            assertThat(result.preemptions()).isEqualTo(1);
            assertThat(result.lostControl()).isFalse();
            assertThat(rows(key)).as("both saw the key absent: " + result.swimlane()).isEqualTo(2);
        }
    }

    @Test
    void heldAfterItsLastRoundTripTheFirstWorkerRacesNothingAndThePolicySaysSo() throws Exception {
        Preempt policy = Preempt.once("worker-1", "worker-2", 2);
        StatementScheduler.Run result = schedule(policy, "late", this::insertIfAbsent);

        assertThat(policy.held()).as("worker-1 made only two round trips").isFalse();
        assertThat(result.preemptions()).isZero();
        assertThat(rows("late")).isEqualTo(1);
    }

    @Test
    void aWorkerWaitingOnTheOthersRowLockLetsTheOtherFinishAndTheCheckedInsertHappensOnce() throws Exception {
        Sql.exec(admin, "INSERT INTO keys VALUES ('locked')");
        for (int after = 1; after <= 3; after++) {
            Preempt policy = Preempt.once("worker-1", "worker-2", after);
            StatementScheduler.Run result = schedule(policy, "locked", this::insertUnderRowLock);

            assertThat(result.lostControl()).isFalse();
            assertThat(rows("locked")).as(result.swimlane()).isEqualTo(1);
            if (after <= 2) {
                assertThat(policy.held()).isTrue();
                assertThat(result.swimlane()).as("worker-2 waited on worker-1's FOR UPDATE")
                        .contains("worker-2 waits on a lock");
            }
            Sql.exec(admin, "DELETE FROM t");
        }
    }

    @Test
    void twoPreemptionsFindTheOverlapThatOneCannotSee() throws Exception {
        List<String> overlaps = new java.util.concurrent.CopyOnWriteArrayList<>();
        Body takeWorkRelease = (source, key) -> {
            insertIfAbsent(source, key);
            try (Connection c = source.getConnection()) {
                if (Sql.rows(c, "SELECT v FROM t WHERE k = ?", key).size() > 1) {
                    overlaps.add(source.worker() + " " + key);
                }
                Sql.rows(c, "DELETE FROM t WHERE k = ? RETURNING k", key);
            }
        };
        Preempt once = Preempt.once("worker-1", "worker-2", 1);
        StatementScheduler.Run alone = schedule(once, "once", takeWorkRelease);
        assertThat(once.held()).isTrue();
        assertThat(overlaps).as("worker-2 had deleted its row before worker-1 moved on: " + alone.swimlane()).isEmpty();

        Preempt twice = Preempt.twice("worker-1", "worker-2", 1, 2);
        StatementScheduler.Run run = schedule(twice, "twice", takeWorkRelease);
        assertThat(twice.held()).isTrue();
        assertThat(twice.secondHeld()).as("worker-2 held after its INSERT").isTrue();
        assertThat(run.preemptions()).isEqualTo(2);
        assertThat(overlaps).as(run.swimlane()).containsExactly("worker-1 twice");
    }

    @Test
    void aWorkerSleepingInItsOwnCodeIsStillAndTheOtherMovesMeanwhile() throws Exception {
        Preempt policy = Preempt.once("worker-1", "worker-2", 1);
        StatementScheduler.Run result = schedule(policy, "sleepy", (source, key) -> {
            try (Connection c = source.getConnection()) {
                Sql.rows(c, "SELECT 1 AS one");
                if (source.worker().equals("worker-2")) {
                    Thread.sleep(200);
                }
                Sql.exec(c, "INSERT INTO t VALUES ('" + key + "', 1)");
            }
        });

        assertThat(result.lostControl()).isFalse();
        assertThat(result.swimlane()).contains("worker-2 parked in its code");
        assertThat(rows("sleepy")).isEqualTo(2);
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndSomeSeedsFindTheRace() throws Exception {
        int found = 0;
        for (int seed = 1; seed <= 12; seed++) {
            List<String> workers = List.of("worker-1", "worker-2");
            StatementScheduler.Run first = schedule(new PriorityChangePoints(new Random(seed), workers, 2, 6),
                    "pct-" + seed, this::insertIfAbsent);
            StatementScheduler.Run again = schedule(new PriorityChangePoints(new Random(seed), workers, 2, 6),
                    "pct-again-" + seed, this::insertIfAbsent);

            assertThat(again.steps()).as("seed " + seed + " replays").isEqualTo(first.steps());
            if (rows("pct-" + seed) == 2) {
                assertThat(rows("pct-again-" + seed)).isEqualTo(2);
                found++;
            }
        }
        assertThat(found).as("a depth-2 race among 6 steps").isGreaterThan(0);
    }

    private interface Body {
        void run(WorkerDataSource source, String key) throws Exception;
    }

    private StatementScheduler.Run schedule(SchedulePolicy policy, String key, Body body) throws Exception {
        Map<WorkerDataSource, Workers.CheckedRunnable> bodies = new LinkedHashMap<>();
        for (String worker : List.of("worker-1", "worker-2")) {
            WorkerDataSource source = database.dataSource(worker);
            sources.add(source);
            bodies.put(source, () -> body.run(source, key));
        }
        return StatementScheduler.run(database, policy, bodies);
    }

    /** The race: a check in one statement, the act in another. */
    private void insertIfAbsent(WorkerDataSource source, String key) throws SQLException {
        try (Connection c = source.getConnection()) {
            insertIfAbsentOn(c, key);
        }
    }

    /** The same, made safe: the check and the act under one row lock in one transaction. */
    private void insertUnderRowLock(WorkerDataSource source, String key) throws SQLException {
        try (Connection c = source.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("SELECT k FROM keys WHERE k = ? FOR UPDATE")) {
                ps.setString(1, key);
                ps.executeQuery().close();
            }
            insertIfAbsentOn(c, key);
            c.commit();
        }
    }

    private static void insertIfAbsentOn(Connection c, String key) throws SQLException {
        boolean absent;
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM t WHERE k = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                absent = rs.getLong(1) == 0;
            }
        }
        if (absent) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, 1)")) {
                ps.setString(1, key);
                ps.executeUpdate();
            }
        }
    }

    private int rows(String key) throws SQLException {
        return Sql.rows(admin, "SELECT v FROM t WHERE k = ?", key).size();
    }
}
