package dev.lockdrill.kata.leaseclaim.workload;

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
 * lease-claim's pooled-stalled-claim through the real pipeline: a session advisory lock taken as
 * a claim mutex is correct on sessions of one's own, and leases rows twice through PgBouncer.
 */
class PooledStalledClaimTest {
    static final String KATA = "lease-claim";
    static final Path ADVISORY_MUTEX = Pipelines.repoRoot()
            .resolve("src/test/resources/mutants/lease-claim/advisory-mutex-claim");

    @TempDir
    Path state;

    @Test
    void aSessionLockAsClaimMutexIsGrantedToTheOtherWorkerOnItsServerSessionThroughPgBouncer() {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (AppContext app = Pipelines.app(state)) {
            CheckResult result = Pipelines.check(app, KATA, ADVISORY_MUTEX, 31);

            assertThat(Pipelines.failedInvariants(result)).as(Pipelines.explain(result))
                    .containsExactly("holds-through-pooler");
            assertThat(pooled(result).evidence()).extracting(Evidence::text)
                    .anyMatch(text -> text.matches("Through PgBouncer in transaction mode, after worker-1's first "
                            + "round trip of its claim returned, server session \\d+ still held 1 advisory lock .*"))
                    .anyMatch(text -> text.startsWith("Through PgBouncer in transaction mode, leases-never-overlap: ")
                            && text.endsWith("two workers held the row at once"));
        }
    }

    @Test
    void withoutPgBouncerTheMutexPassesEverythingButIsNotPassedThroughThePooler() {
        try (AppContext app = Pipelines.app(state, Map.of(PgBouncer.ENV, PgBouncer.OFF))) {
            CheckResult result = Pipelines.check(app, KATA, ADVISORY_MUTEX, 32);

            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
            assertThat(pooled(result).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
            assertThat(pooled(result).evidence().get(0).text()).isEqualTo("pooled-stalled-claim was not run, "
                    + "because LOCKDRILL_PGBOUNCER=off turns PgBouncer off");
        }
    }

    private static InvariantResult pooled(CheckResult result) {
        return result.you().invariants().stream().filter(r -> r.name().equals("holds-through-pooler")).findFirst()
                .orElseThrow();
    }
}
