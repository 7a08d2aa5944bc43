package dev.lockdrill.app;

import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.core.EventConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * External validation of the circuit-breaker checks: Resilience4j's own CircuitBreaker, adapted to
 * the kata interface (the adapter's source is copied into a temp folder as a learner's would be),
 * checked through the real pipeline with its jars on the extra classpath, as
 * `lockdrill check circuit-breaker --from DIR --classpath JARS` does. It must pass; if it does not,
 * the checks are wrong or over-specified.
 */
class Resilience4jValidationTest {
    @TempDir
    static Path state;
    static AppContext app;

    @BeforeAll
    static void openApp() {
        app = Pipelines.app(state);
    }

    @AfterAll
    static void closeApp() {
        app.close();
    }

    @RepeatedTest(3)
    void resilience4jAdaptedToTheKataPassesEveryCheck(@TempDir Path learner) throws Exception {
        Path adapter = Pipelines.repoRoot().resolve(
                "src/test/resources/external/circuit-breaker/resilience4j/CountingCircuitBreaker.java");
        Files.copy(adapter, learner.resolve("CountingCircuitBreaker.java"));
        long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);

        CheckResult result = new CheckService(app).check(new CheckRequest("circuit-breaker", learner, false, false,
                List.of(jarOf(CircuitBreaker.class), jarOf(EventConsumer.class)), seed, null, null),
                CheckProgress.SILENT);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
