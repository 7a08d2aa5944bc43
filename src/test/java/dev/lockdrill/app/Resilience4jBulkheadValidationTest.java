package dev.lockdrill.app;

import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.core.EventConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * External validation of the bulkhead checks: Resilience4j's SemaphoreBulkhead and
 * ThreadPoolBulkhead, adapted to the kata interface (the adapter's source is copied into a temp
 * folder as a learner's would be), checked through the real pipeline with Resilience4j's jars on
 * the extra classpath, as `lockdrill check bulkhead --from DIR --classpath JARS` does. Adapted
 * with interrupts, both must pass (if not, the checks are wrong or over-specified). The thread
 * pool used as its documentation shows — a time limit on the returned stage, which interrupts
 * nothing — must fail, and only for the clause it breaks: timed-out and cancelled work is interrupted.
 */
class Resilience4jBulkheadValidationTest {
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

    @RepeatedTest(2)
    void semaphoreBulkheadAdaptedToTheKataPassesEveryCheck(@TempDir Path learner) throws Exception {
        CheckResult result = check("resilience4j-semaphore", learner);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
    }

    @RepeatedTest(2)
    void threadPoolBulkheadThatInterruptsOnTimeoutAndCancelPassesEveryCheck(@TempDir Path learner) throws Exception {
        CheckResult result = check("resilience4j-threadpool", learner);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
    }

    @Test
    void threadPoolBulkheadAsDocumentedFailsOnlyBecauseTimedOutWorkIsNotInterrupted(@TempDir Path learner)
            throws Exception {
        CheckResult result = check("resilience4j-threadpool-as-documented", learner);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.FAIL);
        assertThat(Pipelines.failedInvariants(result)).as(Pipelines.explain(result))
                .containsExactly("abandoned-work-interrupted");
    }

    private static CheckResult check(String adapter, Path learner) throws Exception {
        Files.copy(Pipelines.repoRoot().resolve("src/test/resources/external/bulkhead/" + adapter
                + "/DependencyBulkheads.java"), learner.resolve("DependencyBulkheads.java"));
        long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);
        return new CheckService(app).check(new CheckRequest("bulkhead", learner, false, false,
                List.of(jarOf(Bulkhead.class), jarOf(EventConsumer.class)), seed, null, null), CheckProgress.SILENT);
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
