package dev.lockdrill.db;

import dev.lockdrill.support.LockdrillException;
import org.testcontainers.DockerClientFactory;

/** For doctor: does the Docker engine answer, and does it have (or can it get) the PostgreSQL image? */
public final class DockerProbe {
    public enum State { READY, NO_ENGINE, NO_IMAGE }

    public record Result(State state, String detail) {
    }

    public Result probe(PostgresImage image) {
        DockerClientFactory docker = DockerClientFactory.instance();
        String engine = ContainerBackend.engine();
        if (!docker.isDockerAvailable()) {
            return new Result(State.NO_ENGINE, "a Docker environment was found but its engine does not answer");
        }
        try {
            ImagePull.Availability availability = ImagePull.probe(docker.client(), image, engine);
            return new Result(State.READY, "Docker " + docker.getActiveApiVersion() + " API answers at " + engine
                    + "; image " + image.name() + " (" + image.source() + ") is "
                    + (availability == ImagePull.Availability.PRESENT ? "present"
                    : "pullable (its registry answered)"));
        } catch (LockdrillException e) {
            return new Result(State.NO_IMAGE, e.getMessage());
        }
    }
}
