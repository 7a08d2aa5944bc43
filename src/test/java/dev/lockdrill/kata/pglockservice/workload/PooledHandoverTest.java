package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.db.PgBouncer;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * pg-lock-service's pooled-handover through the real pipeline: a session advisory lock fails it
 * for the real reason, named; without a PgBouncer that runs, it is reported not run, never passed.
 */
class PooledHandoverTest {
    static final String KATA = "pg-lock-service";
    static final Path SESSION_LOCK = Pipelines.repoRoot()
            .resolve("src/test/resources/mutants/pg-lock-service/session-advisory-lock");
    static final Path REFERENCE = Pipelines.repoRoot().resolve("solutions/pg-lock-service");

    @TempDir
    Path state;

    @Test
    void aSessionAdvisoryLockGivesTwoHoldersThroughPgBouncerAndTheEvidenceSaysWhy() {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (AppContext app = Pipelines.app(state)) {
            CheckResult result = Pipelines.check(app, KATA, SESSION_LOCK, 11);

            InvariantResult pooled = pooled(result);
            assertThat(pooled.verdict()).as(Pipelines.explain(result)).isEqualTo(Verdict.FAIL);
            assertThat(pooled.evidence()).extracting(Evidence::text)
                    .anyMatch(text -> text.matches("Through PgBouncer in transaction mode, after worker-1's "
                            + "tryAcquire returned, server session \\d+ still held 1 advisory lock between "
                            + "transactions: .*"))
                    .anyMatch(text -> text.startsWith("Through PgBouncer in transaction mode, one-live-holder: ")
                            && text.endsWith("two live holders of pooled-handover/nightly-report"));
        }
    }

    @Test
    void theReferencePassesThroughPgBouncer() {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (AppContext app = Pipelines.app(state)) {
            CheckResult result = Pipelines.check(app, KATA, REFERENCE, 12);

            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
            assertThat(pooled(result).verdict()).isEqualTo(Verdict.PASS);
        }
    }

    @Test
    void withoutPgBouncerTheMutantIsNotPassedThroughThePoolerButReportedNotRunSayingWhy() {
        try (AppContext app = Pipelines.app(state, Map.of(PgBouncer.ENV, PgBouncer.OFF))) {
            CheckResult result = Pipelines.check(app, KATA, SESSION_LOCK, 13);

            InvariantResult pooled = pooled(result);
            assertThat(pooled.verdict()).isEqualTo(Verdict.NOT_EXERCISED);
            assertThat(pooled.evidence().get(0).text()).isEqualTo("pooled-handover was not run, because "
                    + "LOCKDRILL_PGBOUNCER=off turns PgBouncer off");
        }
    }

    @Test
    void aPgBouncerThatDoesNotStartLeavesThePooledScenarioNotRunWithANoticeAndTheCheckGoesOn() {
        try (AppContext app = Pipelines.app(state, Map.of(PgBouncer.ENV, "/bin/false"))) {
            CheckResult result = Pipelines.check(app, KATA, REFERENCE, 14);

            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
            assertThat(pooled(result).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
            assertThat(pooled(result).evidence().get(0).text())
                    .startsWith("pooled-handover was not run, because PgBouncer exited at start (exit 1)");
            assertThat(app.drainNotices()).anyMatch(n -> n.startsWith("PgBouncer exited at start (exit 1)")
                    && n.endsWith("; the scenarios through a transaction pooler were not run."));
        }
    }

    private static InvariantResult pooled(CheckResult result) {
        return result.you().invariants().stream().filter(r -> r.name().equals("holds-through-pooler")).findFirst()
                .orElseThrow();
    }
}
