package dev.lockdrill.db;

import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

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
    void theSchemaOfARunWhoseProcessIsGoneIsSweptAndALiveOneIsNot() throws Exception {
        String dead = tag() + "_you";
        String live = tag() + "_ref";
        long deadPid = new ProcessBuilder("true").start().onExit().get().pid();
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + dead);
            s.execute("COMMENT ON SCHEMA " + dead + " IS 'lockdrill run: pid=" + deadPid + " host=" + RunSchema.host()
                    + " started=2026-01-01T00:00:00Z'");
            s.execute("CREATE SCHEMA " + live);
            s.execute("COMMENT ON SCHEMA " + live + " IS 'lockdrill run: pid=" + ProcessHandle.current().pid()
                    + " host=" + RunSchema.host() + " started=2026-01-01T00:00:00Z'");
            try {
                assertThat(RunSchema.sweep(Pipelines.JDBC_URL, false)).contains(dead).doesNotContain(live);
                assertThat(exists(s, dead)).isFalse();
                assertThat(exists(s, live)).isTrue();
            } finally {
                s.execute("DROP SCHEMA IF EXISTS " + live + " CASCADE");
                s.execute("DROP SCHEMA IF EXISTS " + dead + " CASCADE");
            }
        }
    }

    @Test
    void anUnregisteredSchemaIsSweptOnlyWhenAskedTo() {
        assertThat(RunSchema.orphaned("", false)).isFalse();
        assertThat(RunSchema.orphaned("", true)).isTrue();
        assertThat(RunSchema.orphaned("lockdrill run: pid=1 host=elsewhere.example started=x", true)).isFalse();
    }
}
