package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.testing.Workbooks;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Watch mode for real: the stub fails, the learner saves a correct solution, the re-check passes. */
class KataWatchEndToEndTest {
    static final String KATA = "fencing-token";

    @TempDir
    Path root;

    @Test
    void savingACorrectSolutionTurnsTheWatchedCheckGreen() throws Exception {
        Workbooks.copyKata(Pipelines.repoRoot(), root, KATA);
        Workbook workbook = new Workbook(root, root.resolve(".lockdrill"));
        BlockingQueue<CheckResult> results = new LinkedBlockingQueue<>();
        try (AppContext app = new AppContext(workbook, Clock.systemUTC(),
                new BackendSelector(Map.of(BackendSelector.URL_ENV, Pipelines.JDBC_URL), "root"));
             KataWatch watch = new KataWatch(workbook, (kata, progress) -> new CheckService(app).check(
                     new CheckRequest(kata, null, false, false, List.of(), null, null, null), progress),
                     new Collecting(results), KataWatch.QUIET)) {
            watch.watch(KATA, false);
            CheckResult first = results.poll(60, TimeUnit.SECONDS);
            assertThat(first).isNotNull();
            assertThat(first.status()).isEqualTo(RunStatus.FAIL);

            Path solution = root.resolve("solutions").resolve(KATA).resolve("PostgresFencedStore.java");
            Files.copy(solution, workbook.kata(KATA).resolve("PostgresFencedStore.java"),
                    StandardCopyOption.REPLACE_EXISTING);

            CheckResult second = results.poll(60, TimeUnit.SECONDS);
            assertThat(second).isNotNull();
            assertThat(second.status()).as(Pipelines.explain(second)).isEqualTo(RunStatus.PASS);
            assertThat(app.state().read().kata(KATA).status()).isEqualTo(KataProgress.PASSED);
            assertThat(results.poll(1, TimeUnit.SECONDS)).isNull();
        }
    }

    private record Collecting(BlockingQueue<CheckResult> results) implements WatchListener {
        @Override
        public void checking(String kata) {
        }

        @Override
        public void checked(String kata, CheckResult result) {
            results.add(result);
        }

        @Override
        public void failed(String kata, RuntimeException error) {
            error.printStackTrace();
        }
    }
}
