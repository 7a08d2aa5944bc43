package dev.lockdrill.app;

import dev.failsafe.CircuitBreaker;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
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
 * A peer with other semantics: Failsafe's CircuitBreaker, adapted to the kata interface as closely
 * as Failsafe allows, checked through the real pipeline with its jar on the extra classpath. It must
 * fail, and fail exactly the invariants of the clauses where Failsafe's semantics differ from the
 * kata's (README, "Which semantics"); any other failure means a check is wrong or over-specified.
 */
class FailsafeValidationTest {
    /** The invariants Failsafe's semantics break, and why (the kata README says the same). */
    static final List<String> DIFFERENCES = List.of(
            // no minimumNumberOfCalls in count mode: m failures of the last n open it, however few calls were made
            "opens-only-after-minimum-calls",
            // no slow calls at all
            "counts-slow-calls",
            // "m failures of the last n executions" is a count over a fixed n, not a rate over the calls in the window
            "behaves-like-reference-model",
            // judged by the same reference model, so the same difference seen under interleaving: Failsafe opens
            // on its count of the last n where the model's rate over the window does not
            "linearizable-under-interleaving",
            // a recorded trial hands its permit back: trials limited in flight, not in total
            "half-open-trials-bounded");

    /**
     * May also fail, and only in the interleaved scenario: the adapter announces Failsafe's
     * transitions from Failsafe's listeners, which run after the state changed, so under the
     * controlled scheduler two announcements can come out of transition order (seen at seed 551754,
     * one run in two). Not yet confirmed against Failsafe's source: an open question, not a rule.
     */
    static final String UNDER_INTERLEAVING = "one-event-per-transition";

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
    void failsafeAdaptedToTheKataFailsExactlyWhereItsSemanticsDiffer(@TempDir Path learner) throws Exception {
        Path adapter = Pipelines.repoRoot().resolve(
                "src/test/resources/external/circuit-breaker/failsafe/CountingCircuitBreaker.java");
        Files.copy(adapter, learner.resolve("CountingCircuitBreaker.java"));
        long seed = ThreadLocalRandom.current().nextLong(1, 1_000_000);

        CheckResult result = new CheckService(app).check(new CheckRequest("circuit-breaker", learner, false, false,
                List.of(jarOf(CircuitBreaker.class)), seed, null, null), CheckProgress.SILENT);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.FAIL);
        assertThat(result.you().invariants()).filteredOn(r -> !r.passed() && !r.name().equals(UNDER_INTERLEAVING))
                .extracting(InvariantResult::name)
                .as(Pipelines.explain(result)).containsExactlyInAnyOrderElementsOf(DIFFERENCES);
        result.you().invariants().stream().filter(r -> r.name().equals(UNDER_INTERLEAVING) && !r.passed())
                .forEach(r -> assertThat(r.evidence()).allSatisfy(e -> assertThat(e.text())
                        .startsWith("interleaved-calls/")));
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
