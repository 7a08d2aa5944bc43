package dev.lockdrill.app;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.RedissonRedLock;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * External validation of the redlock checks: Redisson's RedissonRedLock, adapted to the kata's
 * interface (see the adapter's comment for the two adaptations), checked through the real pipeline
 * on five real redis-server nodes. Every invariant must pass; if one does not, the checks are wrong
 * or over-specified, or Redisson differs from the spec in a way the report must name.
 */
class RedissonValidationTest {
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

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void redissonRedLockAdaptedToTheKataPassesEveryCheck(long seed, @TempDir Path learner) throws Exception {
        Path adapter = Pipelines.repoRoot().resolve("src/test/resources/external/redlock/redisson/FiveNodeRedlock.java");
        Files.copy(adapter, learner.resolve("FiveNodeRedlock.java"));

        CheckResult result = new CheckService(app).check(new CheckRequest("redlock", learner, false, false,
                List.of(jarOf(RedissonRedLock.class)), seed, null, null), CheckProgress.SILENT);

        List<String> failed = result.you().invariants().stream().filter(r -> !r.passed())
                .map(r -> r.name() + ": " + r.evidence()).toList();
        assertThat(failed).as(Pipelines.explain(result)).isEmpty();
        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(dev.lockdrill.score.RunStatus.PASS);
        assertThat(result.you().invariants()).extracting(InvariantResult::name).contains("majority-before-holding");
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
