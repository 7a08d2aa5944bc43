package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/** PostgreSQL in a Testcontainers container, for machines with Docker. */
final class ContainerBackend {
    static final String IMAGE = "postgres:16-alpine";

    private ContainerBackend() {
    }

    static PostgresBackend start(String reason) {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new LockdrillException("A Docker socket was found but Testcontainers cannot use it. Start Docker, "
                    + "or set LOCKDRILL_JDBC_URL to a PostgreSQL server.", ExitCodes.USAGE);
        }
        PostgreSQLContainer<?> container = new PostgreSQLContainer<>(IMAGE);
        container.start();
        String url = container.getJdbcUrl() + (container.getJdbcUrl().contains("?") ? "&" : "?")
                + "user=" + container.getUsername() + "&password=" + container.getPassword();
        return new PostgresBackend(url, "testcontainers", reason + "; started " + IMAGE, container::stop);
    }
}
