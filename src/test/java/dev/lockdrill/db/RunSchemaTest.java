package dev.lockdrill.db;

import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A run's schema is registered with its owner, dropped within bounds, and swept once its owner is gone. */
class RunSchemaTest {
    private static String tag() {
        return "ld" + Long.toHexString(ThreadLocalRandom.current().nextLong(0x1000_0000_0000L, 0xffff_ffff_ffffL));
    }

    private static boolean exists(Statement s, String schema) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname = '" + schema + "'")) {
            rs.next();
            return rs.getInt(1) == 1;
        }
    }

    /** A schema registered as a run of process {@code pid} on this host. */
    private static void createRegistered(Statement s, String schema, long pid) throws SQLException {
        s.execute("CREATE SCHEMA " + schema);
        s.execute("COMMENT ON SCHEMA " + schema + " IS 'lockdrill run: pid=" + pid + " host=" + RunSchema.host()
                + " started=2026-01-01T00:00:00Z'");
    }

    @Test
    void aMissingRoleIsReportedAsARefusalNotAsADownServer() {
        String tag = tag();
        String noRole = JdbcUrls.asUser(Pipelines.JDBC_URL, "lockdrill_no_such_role", "x");

        assertThatThrownBy(() -> RunSchema.create(noRole, tag + "_you", tag)).isInstanceOf(LockdrillException.class)
                .hasMessageContaining("lockdrill_no_such_role").hasMessageContaining("refused the role")
                .hasMessageNotContaining("running").hasMessageNotContaining("password=x");
        assertThatThrownBy(() -> RunSchema.create("jdbc:postgresql://127.0.0.1:1/x?user=u", tag + "_you", tag))
                .hasMessageContaining("Is PostgreSQL running there?");
    }

    @Test
    void aSessionTheHarnessDidNotTagCannotHoldTheCleanupHostage() throws Exception {
        String tag = tag();
        RunSchema schema = RunSchema.create(Pipelines.JDBC_URL, tag + "_you", tag);
        try (Connection stranger = DriverManager.getConnection(Pipelines.JDBC_URL);
             Statement s = stranger.createStatement()) {
            s.execute("CREATE TABLE " + schema.name() + ".t (id int)");
            stranger.setAutoCommit(false);
            s.execute("LOCK TABLE " + schema.name() + ".t IN ACCESS EXCLUSIVE MODE");

            long start = System.nanoTime();
            schema.close();

            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
            assertThat(schema.problem()).isEmpty();
        }
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            assertThat(exists(s, schema.name())).isFalse();
        }
    }

    @Test
    void theShutdownHookWaitsForADropTheCheckHasBegunInsteadOfLettingTheProcessEndHalfwayThrough() throws Exception {
        String tag = tag();
        RunSchema schema = RunSchema.create(Pipelines.JDBC_URL, tag + "_you", tag);
        Thread hook = new Thread(RunSchema::closeAll, "drop-run-schemas");
        try (Connection stranger = DriverManager.getConnection(Pipelines.JDBC_URL);
             Statement s = stranger.createStatement()) {
            stranger.setAutoCommit(false);
            // a lock on the schema itself, by a session the drop does not end: the drop waits for it
            s.execute("COMMENT ON SCHEMA " + schema.name() + " IS 'held'");
            Thread check = new Thread(schema::close, "check-cleaning-up");
            check.start();
            awaitDropWaiting(schema.name());

            hook.start();
            hook.join(500);
            assertThat(hook.isAlive()).as("the hook waits for the drop under way").isTrue();
            stranger.rollback();
            check.join(15_000);
        }
        hook.join(15_000);
        assertThat(hook.isAlive()).isFalse();
        assertThat(schema.problem()).isEmpty();
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            assertThat(exists(s, schema.name())).isFalse();
        }
    }

    private static void awaitDropWaiting(String schema) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                        + "'Lock' AND query LIKE 'DROP SCHEMA IF EXISTS " + schema + "%'")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the drop of " + schema + " never waited for the lock");
    }

    @Test
    void theSchemaOfARunWhoseProcessIsGoneIsSweptAndALiveOneIsNot() throws Exception {
        String dead = tag() + "_you";
        String deadLane = dead + "b";
        String live = tag() + "_ref";
        long deadPid = new ProcessBuilder("true").start().onExit().get().pid();
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            createRegistered(s, dead, deadPid);
            createRegistered(s, deadLane, deadPid);
            createRegistered(s, live, ProcessHandle.current().pid());
            try {
                assertThat(RunSchema.sweep(Pipelines.JDBC_URL, false)).contains("schema " + dead, "schema " + deadLane)
                        .doesNotContain("schema " + live);
                assertThat(exists(s, dead)).isFalse();
                assertThat(exists(s, deadLane)).isFalse();
                assertThat(exists(s, live)).isTrue();
            } finally {
                s.execute("DROP SCHEMA IF EXISTS " + live + ", " + dead + ", " + deadLane + " CASCADE");
            }
        }
    }

    @Test
    void theRoleOfARunWhoseProcessIsGoneIsSweptWithWhatItOwns() throws Exception {
        String dead = tag() + "_you";
        long deadPid = new ProcessBuilder("true").start().onExit().get().pid();
        String registration = "'lockdrill run: pid=" + deadPid + " host=" + RunSchema.host()
                + " started=2026-01-01T00:00:00Z'";
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + dead + " LOGIN");
            s.execute("COMMENT ON ROLE " + dead + " IS " + registration);
            s.execute("CREATE SCHEMA " + dead + " AUTHORIZATION " + dead);
            s.execute("COMMENT ON SCHEMA " + dead + " IS " + registration);
            s.execute("CREATE TABLE " + dead + ".t (id int)");
            s.execute("ALTER TABLE " + dead + ".t OWNER TO " + dead);

            assertThat(RunSchema.sweep(Pipelines.JDBC_URL, false)).contains("schema " + dead, "role " + dead);

            assertThat(exists(s, dead)).isFalse();
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_roles WHERE rolname = '" + dead + "'")) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        }
    }

    @Test
    void aRoleThatMayCreateRolesWithoutBeingSuperuserGivesEachRunItsOwn() throws Exception {
        String admin = "lockdrill_test_admin_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + admin + " LOGIN CREATEROLE PASSWORD 'x'");
            s.execute("GRANT CREATE ON DATABASE " + database(s) + " TO " + admin);
            try {
                String tag = tag();
                RunSchema run = RunSchema.create(JdbcUrls.asUser(Pipelines.JDBC_URL, admin, "x"), tag + "_you", tag);
                assertThat(run.role()).isEqualTo(run.name());
                try (Connection owner = DriverManager.getConnection(run.ownerUrl());
                     Statement os = owner.createStatement()) {
                    os.execute("CREATE TABLE t (id int)");
                }
                run.close();
                assertThat(run.problem()).isEmpty();
                assertThat(exists(s, run.name())).isFalse();
            } finally {
                s.execute("REVOKE CREATE ON DATABASE " + database(s) + " FROM " + admin);
                s.execute("DROP ROLE " + admin);
            }
        }
    }

    @Test
    void aRoleThatMayNotCreateRolesRunsTheCodeItselfAndSaysSoOnce() throws Exception {
        String admin = "lockdrill_test_plain_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + admin + " LOGIN PASSWORD 'x'");
            s.execute("GRANT CREATE ON DATABASE " + database(s) + " TO " + admin);
            String url = JdbcUrls.asUser(Pipelines.JDBC_URL, admin, "x");
            String tag = tag();
            try (RunSchema first = RunSchema.create(url, tag + "_you", tag);
                 RunSchema second = RunSchema.create(url, tag + "_ref", tag)) {
                assertThat(first.role()).isEmpty();
                assertThat(first.ownerUrl()).isEqualTo(url);
                assertThat(first.unprivilegedWarning()).contains("runs as role " + admin + " itself")
                        .contains("may not create roles").doesNotContain("x'");
                assertThat(Stream.of(first.warning(), first.warning(), second.warning())
                        .filter(w -> !w.isEmpty())).as("warned at most once per process").hasSizeLessThanOrEqualTo(1);
            } finally {
                s.execute("DROP OWNED BY " + admin);
                s.execute("REVOKE CREATE ON DATABASE " + database(s) + " FROM " + admin);
                s.execute("DROP ROLE " + admin);
            }
        }
    }

    private static String database(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void anUnregisteredSchemaIsSweptOnlyWhenAskedTo() {
        assertThat(RunSchema.orphaned("", false)).isFalse();
        assertThat(RunSchema.orphaned("", true)).isTrue();
        assertThat(RunSchema.orphaned("lockdrill run: pid=1 host=elsewhere.example started=x", true)).isFalse();
    }

    @Test
    void aRunInLanesGetsASchemaPerLaneOwnedAsItsOwnAndDroppedWithIt() throws Exception {
        String tag = tag();
        RunSchema run = RunSchema.create(Pipelines.JDBC_URL, tag + "_you", tag, 3);
        String second = tag + "_youb";
        String third = tag + "_youc";
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            assertThat(exists(s, run.name())).isTrue();
            assertThat(exists(s, second)).isTrue();
            assertThat(exists(s, third)).isTrue();
            assertThat(exists(s, tag + "_youd")).isFalse();
            try (Connection own = DriverManager.getConnection(run.ownerUrl()); Statement o = own.createStatement()) {
                o.execute("CREATE TABLE " + third + ".t (id int)");
            }
            run.close();
            assertThat(run.problem()).isEmpty();
            assertThat(exists(s, run.name())).isFalse();
            assertThat(exists(s, second)).isFalse();
            assertThat(exists(s, third)).isFalse();
        } finally {
            run.close();
        }
    }
}
