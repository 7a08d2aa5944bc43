package dev.lockdrill.kata.outboxrelay.workload;

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
 * outbox-relay's pooled-relays through the real pipeline: a claim that names the backend's pid is
 * correct while every relay has sessions of its own, and publishes twice through PgBouncer.
 */
class PooledRelaysTest {
    static final String KATA = "outbox-relay";
    static final Path CLAIM_BY_PID = Pipelines.repoRoot()
            .resolve("src/test/resources/mutants/outbox-relay/claim-by-backend-pid");

    @TempDir
    Path state;

    @Test
    void aClaimByBackendPidIsTakenOverByTheNextRelayOnItsServerSessionThroughPgBouncer() {
        assumeTrue(PgBouncer.executable().isPresent(), "PgBouncer is not installed here");
        try (AppContext app = Pipelines.app(state)) {
            CheckResult result = Pipelines.check(app, KATA, CLAIM_BY_PID, 21);

            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.FAIL);
            assertThat(Pipelines.failedInvariants(result)).containsExactly("holds-through-pooler");
            assertThat(pooled(result).evidence()).extracting(Evidence::text)
                    .anyMatch(text -> text.startsWith("Through PgBouncer in transaction mode, "
                            + "no-duplicates-without-fault: relay-1 ") && text.contains("then relay-2 published")
                            && text.endsWith("(pooled-relays)"));
        }
    }

    @Test
    void withoutPgBouncerTheClaimByPidPassesEverythingButIsNotPassedThroughThePooler() {
        try (AppContext app = Pipelines.app(state, Map.of(PgBouncer.ENV, PgBouncer.OFF))) {
            CheckResult result = Pipelines.check(app, KATA, CLAIM_BY_PID, 22);

            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
            assertThat(pooled(result).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
            assertThat(pooled(result).evidence().get(0).text()).isEqualTo("pooled-relays was not run, because "
                    + "LOCKDRILL_PGBOUNCER=off turns PgBouncer off");
        }
    }

    private static InvariantResult pooled(CheckResult result) {
        return result.you().invariants().stream().filter(r -> r.name().equals("holds-through-pooler")).findFirst()
                .orElseThrow();
    }
}
