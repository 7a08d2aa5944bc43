package dev.lockdrill.db;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.testcontainers.DockerClientFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The two backends lockdrill starts by itself. Each runs only where it can: Testcontainers
 * needs a Docker engine, the embedded server refuses to run as root. Where they cannot run they
 * are skipped (and say why), never faked.
 */
class ProvisionedBackendTest {

    @Test
    @Tag("docker")
    void testcontainersBackendServesARealPostgres() throws Exception {
        assumeTrue(DockerClientFactory.instance().isDockerAvailable(), "no Docker engine on this machine");
        try (PostgresBackend backend = ContainerBackend.start("test")) {
            assertServes(backend);
        }
    }

    @Test
    @DisabledIfSystemProperty(named = "user.name", matches = "root",
            disabledReason = "embedded PostgreSQL refuses to run as root (initdb); CI runs as root")
    void embeddedBackendServesARealPostgres() throws Exception {
        BackendSelector selector = new BackendSelector(Map.of(), System.getProperty("user.name"));
        assumeTrue(selector.choose(null).source().equals("embedded"), "a Docker socket takes precedence here");
        try (PostgresBackend backend = selector.open(null)) {
            assertServes(backend);
        }
    }

    private static void assertServes(PostgresBackend backend) throws Exception {
        try (Connection c = DriverManager.getConnection(backend.jdbcUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW server_version")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isNotBlank();
        }
        assertThat(backend.displayUrl()).doesNotContainPattern("password=(?!\\*\\*\\*)");
    }
}
