package dev.lockdrill.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What a saved run holds besides result.json: the HTML timeline, and a score table read back from it. */
class StoredRunTest {
    @TempDir
    Path runs;

    @Test
    void savingARunWritesTheTimelineNextToTheResultAndTheScoresReadBack() throws Exception {
        RunStore store = new RunStore(runs);
        Path dir = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at());
        store.save(dir, SampleRuns.kleppmannResult());

        assertThat(store.latest("fencing-token")).isPresent();
        Path html = store.latest("fencing-token").orElseThrow().resolve(HtmlTimeline.FILE_NAME);
        assertThat(Files.readString(html)).contains("<svg", "data-worker=\"worker-10\"", "op accepted violation");

        StringWriter text = new StringWriter();
        ScoreTable.read(dir.resolve("result.json")).orElseThrow().render(new Style(false), new PrintWriter(text));
        assertThat(text.toString()).contains("seed 42 · FAIL · 1/3 invariants (score 33)")
                .containsPattern("\n  stale-write-rejected +fail\n").containsPattern("\n  writes/s +120\n");
    }

    @Test
    void aRunOfTheReferenceIsKeptApartAndLatestStaysTheLearners() {
        RunStore store = new RunStore(runs);
        Path mine = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at());
        store.save(mine, SampleRuns.kleppmannResult());
        Path reference = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at(), RunStore.Owner.OTHER);
        store.save(reference, SampleRuns.kleppmannResult());

        assertThat(store.latest("fencing-token")).contains(mine.toAbsolutePath().normalize());
        assertThat(store.latest("fencing-token", RunStore.Owner.OTHER)).contains(reference.toAbsolutePath().normalize());
        assertThat(reference).isNotEqualTo(mine);
    }

    @Test
    void onlyTheNewestRunsAreKept() throws Exception {
        RunStore store = new RunStore(runs);
        Path last = null;
        for (int i = 0; i < 5; i++) {
            last = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at().plusSeconds(i));
            store.save(last, SampleRuns.kleppmannResult());
            finishedLongAgo(last);
        }

        assertThat(store.prune(last, 2)).isEqualTo(3);
        assertThat(runs.resolve("fencing-token").toFile().list()).filteredOn(n -> n.startsWith("2")).hasSize(2);
        assertThat(store.latest("fencing-token")).contains(last.toAbsolutePath().normalize());
    }

    /** Another check (dev check runs several) may still be writing a run: it is not pruned under it. */
    @Test
    void aRunStillBeingWrittenOrJustFinishedIsNotPruned() throws Exception {
        RunStore store = new RunStore(runs);
        Path writing = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at());
        Path justDone = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at().plusSeconds(1));
        store.save(justDone, SampleRuns.kleppmannResult());
        Path old = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at().plusSeconds(2));
        store.save(old, SampleRuns.kleppmannResult());
        finishedLongAgo(old);
        Path last = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at().plusSeconds(3));
        store.save(last, SampleRuns.kleppmannResult());

        assertThat(store.prune(last, 1)).isEqualTo(1);
        assertThat(writing).isDirectory();
        assertThat(justDone).isDirectory();
        assertThat(old).doesNotExist();
    }

    /**
     * The probe's case: interrupted checks left folders holding only classes/; they counted among
     * the kept runs, so a finished check removed real runs and kept the partial ones.
     */
    @Test
    void runsThatNeverFinishedDoNotCountAmongTheKeptAndAreSwept() throws Exception {
        RunStore store = new RunStore(runs);
        Instant at = SampleRuns.kleppmannResult().at();
        List<Path> finished = new ArrayList<>();
        List<Path> partial = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path run = store.newRunDir("fencing-token", at.plusSeconds(i));
            if (i % 2 == 0) {
                store.save(run, SampleRuns.kleppmannResult());
                finishedLongAgo(run);
                finished.add(run);
            } else {
                Files.createDirectories(run.resolve("classes"));
                markedByAProcessThatIsGone(run);
                partial.add(run);
            }
        }
        Path last = store.newRunDir("fencing-token", at.plusSeconds(9));
        store.save(last, SampleRuns.kleppmannResult());

        assertThat(store.prune(last, 4)).isEqualTo(1);

        assertThat(partial).allSatisfy(p -> assertThat(p).doesNotExist());
        assertThat(finished.get(0)).doesNotExist();
        assertThat(finished.subList(1, 4)).allSatisfy(p -> assertThat(p).isDirectory());
    }

    @Test
    void tempFilesOfAKilledSaveAndUnmarkedPartialRunsAreSweptOnlyOnceNothingWritesThem() throws Exception {
        RunStore store = new RunStore(runs);
        Instant at = SampleRuns.kleppmannResult().at();
        Path killedSave = store.newRunDir("fencing-token", at);
        store.save(killedSave, SampleRuns.kleppmannResult());
        Files.writeString(killedSave.resolve("timeline.html123.tmp"), "<html");
        markedByAProcessThatIsGone(killedSave);
        Path stillSaving = store.newRunDir("fencing-token", at.plusSeconds(1));
        store.save(stillSaving, SampleRuns.kleppmannResult());
        Files.writeString(stillSaving.resolve("result.json456.tmp"), "{");
        Path oldUnmarked = store.newRunDir("circuit-breaker", at, RunStore.Owner.OTHER);
        Files.delete(oldUnmarked.resolve(".owner"));
        Files.setLastModifiedTime(oldUnmarked, java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - 600_000));
        Path freshUnmarked = store.newRunDir("circuit-breaker", at.plusSeconds(1), RunStore.Owner.OTHER);
        Files.delete(freshUnmarked.resolve(".owner"));
        Path lab = store.newRunDir(RunStore.LAB_PREFIX + "db-vs-redlock", at);
        Files.writeString(lab.resolve("lab.html"), "<html>");
        markedByAProcessThatIsGone(lab);

        List<String> swept = store.sweepAll();

        assertThat(swept).containsExactlyInAnyOrder(
                runs.relativize(killedSave.resolve("timeline.html123.tmp")).toString(),
                runs.relativize(oldUnmarked) + "/");
        assertThat(killedSave.resolve("result.json")).exists();
        assertThat(stillSaving.resolve("result.json456.tmp")).exists();
        assertThat(freshUnmarked).isDirectory();
        assertThat(lab).as("a lab's run, which has no result.json").isDirectory();
    }

    /** The owner mark of a process that has ended (a check killed with kill -9). */
    private static void markedByAProcessThatIsGone(Path run) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(run.resolve(".owner"), "pid=" + gone.pid() + " started="
                + gone.info().startInstant().map(Instant::toEpochMilli).orElse(1L) + "\n");
    }

    private static void finishedLongAgo(Path run) throws Exception {
        Files.setLastModifiedTime(run.resolve("result.json"),
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 600_000));
    }

    @Test
    void runsStartedInTheSameMillisecondGetAFolderEach() throws Exception {
        int writers = 16;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            for (int round = 0; round < 50; round++) {
                Instant at = SampleRuns.kleppmannResult().at().plusSeconds(round);
                CyclicBarrier start = new CyclicBarrier(writers);
                List<Future<Path>> dirs = new ArrayList<>();
                for (int i = 0; i < writers; i++) {
                    RunStore store = new RunStore(runs);
                    dirs.add(pool.submit(() -> {
                        start.await();
                        return store.newRunDir("fencing-token", at);
                    }));
                }
                Set<Path> distinct = new HashSet<>();
                for (Future<Path> dir : dirs) {
                    Path made = dir.get(10, TimeUnit.SECONDS);
                    assertThat(RunStore.startedAt(made, at)).as(made.toString()).isTrue();
                    distinct.add(made);
                }
                assertThat(distinct).as("round " + round).hasSize(writers);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoChecksPruningTheSameRunsAtOnceBothFinish() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 10; round++) {
                RunStore store = new RunStore(runs);
                List<Path> made = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    Path dir = store.newRunDir("fencing-token", SampleRuns.kleppmannResult().at().plusSeconds(i));
                    for (int f = 0; f < 50; f++) {
                        Files.writeString(dir.resolve("file-" + f), "x");
                    }
                    Files.writeString(dir.resolve("result.json"), "{}");
                    finishedLongAgo(dir);
                    made.add(dir);
                }
                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Integer>> prunes = new ArrayList<>();
                for (Path keep : List.of(made.get(8), made.get(9))) {
                    prunes.add(pool.submit(() -> {
                        start.await();
                        return store.prune(keep, 2);
                    }));
                }
                for (Future<Integer> prune : prunes) {
                    assertThat(prune.get(10, TimeUnit.SECONDS)).isNotNegative();
                }
                assertThat(runs.resolve("fencing-token").toFile().list()).filteredOn(n -> n.startsWith("2"))
                        .hasSize(2);
                RunStore.deleteTree(runs.resolve("fencing-token"));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMissingOrForeignResultFileHasNoScoreTable() throws Exception {
        assertThat(ScoreTable.read(runs.resolve("result.json"))).isEmpty();
        Files.writeString(runs.resolve("other.json"), "{\"hello\": 1}");
        assertThat(ScoreTable.read(runs.resolve("other.json"))).isEmpty();
    }
}
