package dev.lockdrill.app;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.score.Scoring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A mutant's expect.yaml: the status, the invariants, and where a forced race must be caught. */
class ExpectationTest {
    @TempDir
    Path dir;

    @Test
    void aMutantCaughtOnlyByLuckElsewhereIsNotCaughtWhereItsRaceIsForced() throws Exception {
        Files.writeString(dir.resolve(Expectation.FILE), """
                status: fail
                invariants:
                  - accepted-tokens-monotonic
                scenarios:
                  - stalled-round-trip
                """);
        Expectation expectation = Expectation.of(dir);
        assertThat(expectation.scenarios()).containsExactly("stalled-round-trip");

        assertThat(expectation.mismatch(result(failedIn("ten-writers"))))
                .isEqualTo("failed accepted-tokens-monotonic only in ten-writers, not in stalled-round-trip, the "
                        + "scenario that forces it");
        assertThat(expectation.mismatch(result(failedIn("stalled-round-trip")))).isNull();
        assertThat(new Expectation(RunStatus.FAIL, List.of("accepted-tokens-monotonic"))
                .mismatch(result(failedIn("ten-writers")))).as("no scenarios named: anywhere counts").isNull();
    }

    @Test
    void evidenceReadFromStorageCountsForTheScenarioItNames() throws Exception {
        Expectation expectation = new Expectation(RunStatus.FAIL, List.of("leases-never-overlap"),
                List.of("contended-row"));
        assertThat(expectation.mismatch(result(failedFromStorage("contended-row")))).isNull();
        assertThat(expectation.mismatch(result(failedFromStorage("claim-hammer"))))
                .isEqualTo("failed leases-never-overlap only in claim-hammer, not in contended-row, the scenario "
                        + "that forces it");
    }

    private static ImplementationRun failedFromStorage(String scenario) {
        History history = new History(1, List.of(), List.of(), List.of());
        InvariantResult failed = new InvariantResult("leases-never-overlap", "", Verdict.FAIL,
                List.of(Evidence.inScenario(scenario, "worker-2 claimed a row while worker-1's lease ran")));
        return new ImplementationRun("mutant", RunStatus.FAIL, List.of(failed), List.of(), "", "", List.of(), 1,
                history);
    }

    private static ImplementationRun failedIn(String scenario) {
        Op op = new Op(7, scenario, "worker-1", "write", Map.of(), 0, 1, Outcome.OK, Map.of(), null);
        History history = new History(1, List.of(op), List.of(), List.of());
        InvariantResult failed = new InvariantResult("accepted-tokens-monotonic", "", Verdict.FAIL,
                List.of(Evidence.of("a lower token overwrote a higher one", 7L)));
        return new ImplementationRun("mutant", RunStatus.FAIL, List.of(failed), List.of(), "", "", List.of(), 1,
                history);
    }

    private static CheckResult result(ImplementationRun run) {
        return new CheckResult("fencing-token", RunStatus.FAIL, 1, null, Instant.EPOCH, run, null,
                Scoring.compare(run, null));
    }
}
