package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/** PostgreSQL in a Testcontainers container, for machines with Docker. */
final class ContainerBackend {
    private ContainerBackend() {
    }

    static PostgresBackend start(String reason, PostgresImage image) {
        DockerClientFactory docker = DockerClientFactory.instance();
        if (!docker.isDockerAvailable()) {
            throw new LockdrillException("A Docker environment was found but its engine does not answer. Start "
                    + "Docker, or point lockdrill at a server with PGHOST=HOST PGUSER=USER or "
                    + BackendSelector.URL_ENV + ".", ExitCodes.USAGE);
        }
        ImagePull.ensure(docker.client(), image, engine());
        PostgreSQLContainer<?> container = new PostgreSQLContainer<>(image.dockerName());
        try {
            container.start();
        } catch (RuntimeException e) {
            container.stop();
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            throw new LockdrillException("The PostgreSQL container from '" + image.name() + "' did not start ("
                    + root.getMessage() + "). Check the image with `docker run " + image.name() + "`, or point "
                    + "lockdrill at a server with PGHOST=HOST PGUSER=USER or " + BackendSelector.URL_ENV + ".",
                    ExitCodes.USAGE, e);
        }
        String url = container.getJdbcUrl() + (container.getJdbcUrl().contains("?") ? "&" : "?")
                + "user=" + container.getUsername() + "&password=" + container.getPassword();
        return new PostgresBackend(url, "testcontainers", reason + "; started " + image.name(), container::stop);
    }

    /** The engine Testcontainers talks to, as the user would name it. */
    static String engine() {
        try {
            return DockerClientFactory.instance().getTransportConfig().getDockerHost().toString();
        } catch (RuntimeException e) {
            return "DOCKER_HOST";
        }
    }
}
