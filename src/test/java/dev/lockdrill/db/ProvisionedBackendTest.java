package dev.lockdrill.db;

import dev.lockdrill.support.LockdrillException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.DockerClientFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Testcontainers backend, which needs a Docker engine: where none answers it is skipped (and says
 * why), never faked. The embedded server is EmbeddedBackendTest's.
 */
class ProvisionedBackendTest {

    @Test
    @Tag("docker")
    void testcontainersBackendServesARealPostgres() throws Exception {
        assumeTrue(DockerClientFactory.instance().isDockerAvailable(), "no Docker engine on this machine");
        PostgresImage image = new BackendSelector(System.getenv(), "test").image();
        try (PostgresBackend backend = ContainerBackend.start("test", image)) {
            assertServes(backend);
            assertThat(backend.reason()).contains("started " + image.name());
        }
    }

    /** An unresolvable registry answers at once; a registry that swallows packets must not hang the check. */
    @ParameterizedTest
    @ValueSource(strings = {"registry.lockdrill.invalid/postgres:16", "192.0.2.1:5000/postgres:16"})
    @Tag("docker")
    void anImageTheEngineCannotGetFailsWithinSecondsNamingTheImageAndTheWaysOut(String name) {
        assumeTrue(DockerClientFactory.instance().isDockerAvailable(), "no Docker engine on this machine");
        long start = System.nanoTime();

        assertThatThrownBy(() -> ContainerBackend.start("test", new PostgresImage(name, "test")))
                .isInstanceOf(LockdrillException.class)
                .hasMessageContaining("cannot get the PostgreSQL image '" + name + "'")
                .hasMessageContaining(PostgresImage.ENV).hasMessageContaining("PGHOST")
                .hasMessageContaining("embedded");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    static void assertServes(PostgresBackend backend) throws Exception {
        try (Connection c = DriverManager.getConnection(backend.jdbcUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW server_version")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isNotBlank();
        }
        assertThat(backend.displayUrl()).doesNotContainPattern("password=(?!\\*\\*\\*)");
    }
}
