package dev.lockdrill.app;

import dev.lockdrill.drill.DrillOutcome;
import dev.lockdrill.drill.DrillRecorder;
import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.Fsrs;
import dev.lockdrill.progress.Rating;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.Workbooks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A failed check of the learner's kata sends them back to the drills the kata links (real check, PostgreSQL). */
class FailedCheckPullsDrillsTest {
    @TempDir
    Path state;

    @Test
    void aFailedCheckOfTheStubMakesTheKatasLinkedDrillsDueNow() throws Exception {
        Workbook workbook = Pipelines.copyWorkbook(state);
        Workbooks.copyTree(Pipelines.repoRoot().resolve("drills"), workbook.drills());
        AppContext app = Pipelines.app(workbook);
        DrillService drills = new DrillService(app);
        Instant start = app.clock().instant();
        for (String id : List.of("fencing-token", "lock-not-correctness")) {
            var card = drills.catalog().card(id);
            new DrillRecorder(app.state(), Fsrs.standard()).record(new DrillOutcome(card,
                    Collections.nCopies(card.rubric().size(), true), Rating.EASY, false, 60, null), start);
        }
        assertThat(app.state().read().drill("fencing-token").schedule().isDue(start)).isFalse();

        CheckResult result = new CheckService(app).check(new CheckRequest("fencing-token", null, false, false,
                List.of(), 7L, null, null), CheckProgress.SILENT);

        assertThat(result.status()).isEqualTo(RunStatus.FAIL);
        Instant after = app.clock().instant();
        for (String id : List.of("fencing-token", "lock-not-correctness", "locks-optimize-fences-guarantee")) {
            DrillProgress progress = app.state().read().drill(id);
            assertThat(progress.schedule().isDue(after)).as(id).isTrue();
            assertThat(progress.pulledForwardBy()).as(id).isEqualTo("the fencing-token check failed");
        }
        assertThat(drills.due().get(0).id()).isIn("fencing-token", "lock-not-correctness",
                "locks-optimize-fences-guarantee");
        assertThat(app.state().read().drill("lease").pulledForwardBy()).isNull();
        app.close();
    }

    @Test
    void onceTheKataPassesItsDrillsAreNoLongerSaidToBeDueBecauseTheCheckFailed() throws Exception {
        Workbook workbook = Pipelines.copyWorkbook(state);
        Workbooks.copyTree(Pipelines.repoRoot().resolve("drills"), workbook.drills());
        try (AppContext app = Pipelines.app(workbook)) {
            CheckRequest check = new CheckRequest("fencing-token", null, false, false, List.of(), 7L, null, null);
            assertThat(new CheckService(app).check(check, CheckProgress.SILENT).status()).isEqualTo(RunStatus.FAIL);
            app.state().update(s -> s.withDrillsDue(List.of("lease"), app.clock().instant(), "something else"));
            Files.copy(workbook.solution("fencing-token").resolve("PostgresFencedStore.java"),
                    workbook.kata("fencing-token").resolve("PostgresFencedStore.java"),
                    StandardCopyOption.REPLACE_EXISTING);

            assertThat(new CheckService(app).check(check, CheckProgress.SILENT).status()).isEqualTo(RunStatus.PASS);

            for (String id : List.of("fencing-token", "lock-not-correctness", "locks-optimize-fences-guarantee")) {
                assertThat(app.state().read().drill(id).pulledForwardBy()).as(id).isNull();
            }
            assertThat(app.state().read().drill("lease").pulledForwardBy()).isEqualTo("something else");
        }
    }
}
