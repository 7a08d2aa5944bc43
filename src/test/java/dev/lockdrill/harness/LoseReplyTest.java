package dev.lockdrill.harness;

import dev.lockdrill.db.RunSchema;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Faults on the far side of an acknowledgement, at the worker's connection, against a real PostgreSQL. */
class LoseReplyTest {

    @Test
    void aCommitWhoseReplyIsLostHasTakenEffectAndTheCallerGetsAConnectionError() throws Exception {
        String schema = "ldlose_" + Long.toHexString(System.nanoTime() & 0xffffff);
        try (RunSchema ignored = RunSchema.create(Pipelines.JDBC_URL, schema, "ldlose")) {
            Database database = new Database(Pipelines.JDBC_URL, schema, "ldlose");
            try (Connection admin = database.owner()) {
                Sql.exec(admin, "CREATE TABLE t (id int PRIMARY KEY)");
                WorkerDataSource worker = database.dataSource("worker-1");
                LoseReply lose = LoseReply.onceApplied(() -> !Sql.rows(admin, "SELECT 1 AS one FROM t WHERE id = 1")
                        .isEmpty());
                worker.hook(lose);
                Connection c = worker.getConnection();
                c.setAutoCommit(false);
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (1)")) {
                    insert.executeUpdate();
                }

                assertThatThrownBy(c::commit).isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("08006"));
                assertThat(lose.landed()).isTrue();
                assertThat(lose.roundTrip()).isEqualTo("commit");
                assertThat(Sql.rows(admin, "SELECT id FROM t")).as("the COMMIT took effect").hasSize(1);
                assertThatThrownBy(() -> c.createStatement().executeQuery("SELECT 1"))
                        .as("the connection went with its reply").isInstanceOf(SQLException.class);
                c.close();
                worker.hook(RoundTripHook.NONE);
                try (Connection next = worker.getConnection(); Statement s = next.createStatement()) {
                    assertThat(s.executeUpdate("INSERT INTO t VALUES (2)")).as("a new connection works").isEqualTo(1);
                }
                worker.close();
            }
        }
    }

    @Test
    void theHookSeesEachRoundTripOnBothSidesAndTheEffectOnlyAfterIt() throws Exception {
        String schema = "ldlose_" + Long.toHexString(System.nanoTime() & 0xffffff);
        try (RunSchema ignored = RunSchema.create(Pipelines.JDBC_URL, schema, "ldlose")) {
            Database database = new Database(Pipelines.JDBC_URL, schema, "ldlose");
            try (Connection admin = database.owner()) {
                Sql.exec(admin, "CREATE TABLE t (id int PRIMARY KEY)");
                WorkerDataSource worker = database.dataSource("worker-1");
                List<String> seen = new ArrayList<>();
                worker.hook(new RoundTripHook() {
                    @Override
                    public void beforeRoundTrip(String w, String kind, String sql) {
                        seen.add("before " + kind + " visible=" + visible(admin));
                    }

                    @Override
                    public void afterRoundTrip(String w, String kind, String sql, boolean committed) {
                        seen.add("after " + kind + " visible=" + visible(admin));
                    }
                });
                try (Connection c = worker.getConnection(); Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO t VALUES (7)");
                }
                worker.close();

                assertThat(seen).containsExactly("before statement visible=false", "after statement visible=true");
            }
        }
    }

    private static boolean visible(Connection admin) {
        try {
            return !Sql.rows(admin, "SELECT 1 AS one FROM t WHERE id = 7").isEmpty();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
