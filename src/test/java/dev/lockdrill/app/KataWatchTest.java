package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.testing.Workbooks;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.score.Scoring;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Watch mode's timing with real file writes in a temp workbook and a counting checker (no
 * PostgreSQL): one re-check per burst of saves, one re-check after a check for all saves during it.
 */
class KataWatchTest {
    static final String KATA = "fencing-token";

    @TempDir
    Path root;
    Path source;
    final AtomicInteger checks = new AtomicInteger();
    final List<String> events = new CopyOnWriteArrayList<>();
    volatile CountDownLatch gate = new CountDownLatch(0);
    KataWatch watch;

    @BeforeEach
    void workbook() throws IOException {
        Workbooks.copyKata(Path.of("").toAbsolutePath(), root, KATA);
        source = root.resolve("katas").resolve(KATA).resolve("PostgresFencedStore.java");
        watch = new KataWatch(new Workbook(root, root.resolve(".lockdrill")), this::check, new Recording(),
                KataWatch.QUIET);
    }

    @AfterEach
    void stop() {
        watch.close();
    }

    @Test
    void aBurstOfSavesTriggersOneRecheck() throws Exception {
        watch.watch(KATA, false);
        awaitValue(checks::get, 1);
        watch.awaitIdle();
        for (int i = 0; i < 5; i++) {
            save("// save " + i);
            Thread.sleep(30);
        }
        awaitValue(checks::get, 2);
        Thread.sleep(800);
        assertThat(checks.get()).isEqualTo(2);
        assertThat(events).containsExactly("checking", "checked", "checking", "checked");
    }

    @Test
    void savesDuringACheckCauseExactlyOneRecheckAfterIt() throws Exception {
        watch.watch(KATA, false);
        awaitValue(checks::get, 1);
        watch.awaitIdle();
        gate = new CountDownLatch(1);
        save("// starts the slow check");
        awaitValue(checks::get, 2);
        for (int burst = 0; burst < 3; burst++) {
            save("// during the check " + burst);
            save("// during the check, again " + burst);
            Thread.sleep(400);
        }
        assertThat(checks.get()).isEqualTo(2);
        gate.countDown();
        awaitValue(checks::get, 3);
        watch.awaitIdle();
        Thread.sleep(800);
        assertThat(checks.get()).isEqualTo(3);
    }

    @Test
    void editorTemporariesAndHiddenFilesDoNotTriggerAcheck() throws Exception {
        watch.watch(KATA, false);
        awaitValue(checks::get, 1);
        watch.awaitIdle();
        Path dir = source.getParent();
        Files.writeString(dir.resolve(".PostgresFencedStore.java.swp"), "x");
        Files.writeString(dir.resolve("PostgresFencedStore.java~"), "x");
        Files.writeString(dir.resolve("4913"), "x");
        Thread.sleep(800);
        assertThat(checks.get()).isEqualTo(1);
    }

    @Test
    void filesInANewSubfolderAreWatchedToo() throws Exception {
        watch.watch(KATA, false);
        awaitValue(checks::get, 1);
        watch.awaitIdle();
        Path sub = Files.createDirectories(source.getParent().resolve("support"));
        awaitValue(checks::get, 2);
        watch.awaitIdle();
        Thread.sleep(300);
        Files.writeString(sub.resolve("Helper.java"), "class Helper {}");
        awaitValue(checks::get, 3);
    }

    @Test
    void manualModeIgnoresSavesAndChecksOnRequest() throws Exception {
        watch.watch(KATA, true);
        awaitValue(checks::get, 1);
        watch.awaitIdle();
        save("// ignored in manual mode");
        Thread.sleep(800);
        assertThat(checks.get()).isEqualTo(1);
        watch.rerun();
        awaitValue(checks::get, 2);
    }

    private CheckResult check(String kata, CheckProgress progress) {
        checks.incrementAndGet();
        try {
            gate.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ImplementationRun run = new ImplementationRun("katas/" + kata, RunStatus.FAIL, List.of(), List.of(), "", "",
                List.of(), 1, null);
        return new CheckResult(kata, RunStatus.FAIL, 1, null, Instant.EPOCH, run, null, Scoring.compare(run, null));
    }

    private void save(String line) throws IOException {
        Files.writeString(source, Files.readString(source) + line + "\n");
    }

    static void awaitValue(IntSupplier value, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (value.getAsInt() < expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(value.getAsInt()).isEqualTo(expected);
    }

    private final class Recording implements WatchListener {
        @Override
        public void checking(String kata) {
            events.add("checking");
        }

        @Override
        public void checked(String kata, CheckResult result) {
            events.add("checked");
        }

        @Override
        public void failed(String kata, RuntimeException error) {
            events.add("failed: " + error.getMessage());
        }
    }
}
