package dev.lockdrill.db;

import dev.lockdrill.harness.Database;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A pooler in transaction mode in front of the run's schema, as the pooled scenarios get it. */
class PgBouncerPoolTest {

    @Test
    void twoClientsOfATransactionPoolerShareOneServerSessionAndSoItsAdvisoryLock() throws Exception {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        String schema = "ldpool_" + Long.toHexString(System.nanoTime() & 0xffffff);
        try (RunSchema ignored = RunSchema.create(Pipelines.JDBC_URL, schema, "ldpool");
             PgBouncerPool pool = PgBouncerPool.start(Pipelines.JDBC_URL, schema, 1);
             Connection a = pooled(pool, schema, "a"); Connection b = pooled(pool, schema, "b")) {
            try (Statement s = a.createStatement()) {
                s.execute("CREATE TABLE marker (id int)");
            }

            assertThat(query(a, "SELECT pg_try_advisory_lock(42)")).isEqualTo("t");
            assertThat(query(b, "SELECT pg_try_advisory_lock(42)"))
                    .as("b got a's server session, lock included").isEqualTo("t");
            assertThat(query(b, "SELECT pg_backend_pid()")).isEqualTo(query(a, "SELECT pg_backend_pid()"));
            assertThat(query(b, "SELECT count(*) FROM marker")).as("the run's schema is the search path")
                    .isEqualTo("0");
        }
    }

    @Test
    void thePoolerIsStoppedByItsPidAndItsPortFreed() throws Exception {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        PgBouncerPool pool = PgBouncerPool.start(Pipelines.JDBC_URL, "public", PgBouncerPool.DEFAULT_POOL_SIZE);
        ProcessHandle process = ProcessHandle.of(pool.pid()).orElseThrow();
        int port = Integer.parseInt(pool.jdbcUrl().replaceAll(".*:(\\d+)/.*", "$1"));
        assertThat(pool.jdbcUrl()).contains("prepareThreshold=0");

        pool.close();

        assertThat(process.isAlive()).isFalse();
        assertThatThrownBy(() -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            }
        }).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void onlyAClientGivenThePoolersPasswordGetsIn() throws Exception {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (PgBouncerPool pool = PgBouncerPool.start(Pipelines.JDBC_URL, "public", 1)) {
            assertThat(pool.jdbcUrl()).contains("&password=");
            try (Connection c = DriverManager.getConnection(pool.jdbcUrl())) {
                assertThat(query(c, "SELECT 1")).isEqualTo("1");
            }
            assertThatThrownBy(() -> DriverManager.getConnection(pool.jdbcUrlWithoutPassword()).close())
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(pool.jdbcUrlWithoutPassword()
                    + "&password=guessed").close()).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(pool.jdbcUrl().replaceFirst("user=[^&]+",
                    "user=anybody")).close()).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void theAuthFileHoldsACheapScramVerifierNotThePassword() throws Exception {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (PgBouncerPool pool = PgBouncerPool.start(Pipelines.JDBC_URL, "public", 1)) {
            String password = java.net.URLDecoder.decode(pool.jdbcUrl().replaceAll(".*[?&]password=([^&]+).*", "$1"),
                    java.nio.charset.StandardCharsets.UTF_8);
            String auth = java.nio.file.Files.readString(pool.folder().resolve("userlist.txt"));
            assertThat(auth).doesNotContain(password).contains("SCRAM-SHA-256$" + PgBouncerPool.SCRAM_ITERATIONS + ":");
            try (Connection c = DriverManager.getConnection(pool.jdbcUrl())) {
                assertThat(query(c, "SELECT 1")).isEqualTo("1");
            }
        }
    }

    /** RFC 7677's example (password "pencil", its salt, 4096 iterations): keys that give its proof and signature. */
    @Test
    void theVerifierIsTheOneTheRfcGives() {
        byte[] salt = java.util.Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
        assertThat(PgBouncerPool.scramVerifier("pencil", salt, 4096)).isEqualTo("SCRAM-SHA-256$4096:"
                + "W22ZaJ0SNY7soEsUEjb6gQ==$WG5d8oPm3OtcPnkdi4Uo7BkeZkBFzpcXkuLmtbsT4qY=:"
                + "wfPLwcE6nTWhTAmQ7tl2KeoiWGPlZqQxSrmfPwDl2dU=");
    }

    @Test
    void theWatchdogStopsThePoolerAndRemovesItsFolderOnceItsOwnerHasEnded() throws Exception {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        Process owner = new ProcessBuilder("sleep", "2").start();
        PgBouncerPool pool = PgBouncerPool.start(PgBouncer.executable().orElseThrow(), Pipelines.JDBC_URL, "public",
                1, owner.pid());
        try {
            ProcessHandle pooler = ProcessHandle.of(pool.pid()).orElseThrow();
            assertThat(pooler.isAlive()).isTrue();
            assertThat(owner.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while ((pooler.isAlive() || java.nio.file.Files.exists(pool.folder())) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(pooler.isAlive()).as("the pooler outlived its owner").isFalse();
            assertThat(pool.folder()).as("its folder, password included").doesNotExist();
        } finally {
            pool.close();
        }
    }

    private static Connection pooled(PgBouncerPool pool, String schema, String worker) throws SQLException {
        return new Database(Pipelines.JDBC_URL, schema, "ldpool", pool.jdbcUrl()).connectPooled(worker);
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
