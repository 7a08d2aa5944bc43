package dev.lockdrill.db;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The embedded PostgreSQL, started for real as this process's account allows: as root (CI and this
 * machine) it runs as 'nobody' through setpriv; as any other user, as that user. It must serve, run
 * as the account it names, and leave neither a process nor its folder behind, whether it is closed
 * or its owner dies without closing it.
 */
class EmbeddedBackendTest {

    @Test
    void withNoServerConfiguredTheEmbeddedServerStartsEvenAsRootAndIsGoneWhenClosed() throws Exception {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket takes precedence here");
        EmbeddedAccount account = account();
        BackendSelector selector = new BackendSelector(Map.of(), System.getProperty("user.name"));
        assertThat(selector.choose(null).source()).isEqualTo("embedded");

        long pid;
        Path folder;
        try (PostgresBackend backend = selector.open(null)) {
            ProvisionedBackendTest.assertServes(backend);
            EmbeddedBackend server = (EmbeddedBackend) backend.resource();
            pid = server.pid();
            folder = server.folder();
            assertThat(backend.source()).isEqualTo("embedded");
            assertThat(backend.reason()).contains("as '" + account.name() + "'").contains("pid " + pid);
            // the PID held is the server's own (setpriv execs it), running as the account named
            assertThat(ProcessHandle.of(pid).flatMap(p -> p.info().user())).contains(expectedUser());
            assertThat(ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElseThrow()).endsWith("/bin/postgres");
            try (Connection c = DriverManager.getConnection(backend.jdbcUrl()); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT current_setting('data_directory')")) {
                assertThat(rs.next()).isTrue();
                assertThat(Path.of(rs.getString(1))).startsWith(folder);
            }
            String wrongPassword = backend.jdbcUrl().replaceAll("password=[^&]+", "password=guessed");
            assertThatThrownBy(() -> DriverManager.getConnection(wrongPassword).close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
        }
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("the server's process").isEmpty();
        assertThat(folder).as("the server's folder, data and binaries").doesNotExist();
    }

    @Test
    void aServerWhoseOwnerDiesWithoutClosingItIsStoppedByPidAndItsFolderRemoved() throws Exception {
        EmbeddedAccount account = account();
        Process owner = new ProcessBuilder("sleep", "600").start();
        EmbeddedBackend server = EmbeddedBackend.launch(account, owner.pid());
        try {
            long pid = server.pid();
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isPresent();

            owner.destroyForcibly().waitFor();

            long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
            while ((ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent() || Files.exists(server.folder()))
                    && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("the server's process").isEmpty();
            assertThat(server.folder()).as("the server's folder").doesNotExist();
        } finally {
            server.close();
        }
    }

    private static EmbeddedAccount account() {
        EmbeddedAccount.Resolution resolution = EmbeddedAccount.forThisProcess();
        assumeTrue(resolution.account().isPresent(), resolution.reason());
        return resolution.account().orElseThrow();
    }

    private static String expectedUser() {
        return EmbeddedAccount.isRoot() ? EmbeddedAccount.UNPRIVILEGED : System.getProperty("user.name");
    }
}
