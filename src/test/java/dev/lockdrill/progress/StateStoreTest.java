package dev.lockdrill.progress;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StateStoreTest {
    @TempDir
    Path dir;
    final List<String> notices = new ArrayList<>();
    final Clock clock = Clock.fixed(Instant.parse("2026-11-29T08:00:00Z"), ZoneOffset.UTC);

    private StateStore store() {
        return new StateStore(dir, clock, notices::add);
    }

    @Test
    void progressSurvivesARestart() {
        store().update(s -> s.with("fencing-token", s.kata("fencing-token").withHintsUsed(2)));

        assertThat(store().read().kata("fencing-token").hintsUsed()).isEqualTo(2);
    }

    @Test
    void aPassedKataStaysPassed() {
        store().update(s -> s.with("k", s.kata("k").afterCheck("pass", "2026-11-29T07:00:00Z")));
        WorkbookState state = store().update(s -> s.with("k", s.kata("k").afterCheck("fail", "2026-11-29T07:30:00Z")));

        assertThat(state.kata("k").status()).isEqualTo(KataProgress.PASSED);
        assertThat(state.kata("k").attempts()).isEqualTo(2);
        assertThat(state.kata("k").lastStatus()).isEqualTo("fail");
    }

    @Test
    void corruptFileIsMovedAsideWithAMessageNotSilentlyReset() throws Exception {
        Files.writeString(dir.resolve("state.json"), "{ this is not json");

        WorkbookState state = store().read();

        assertThat(state.katas()).isEmpty();
        Path aside = dir.resolve("state.json.corrupt-20261129-080000");
        assertThat(aside).hasContent("{ this is not json");
        assertThat(notices).singleElement().asString().contains("could not be read", aside.toString());
    }

    @Test
    void anEmptyFileIsMovedAsideAndNamedNotReadAsAFreshStart() throws Exception {
        Files.writeString(dir.resolve("state.json"), "");

        assertThat(store().read().katas()).isEmpty();

        assertThat(dir.resolve("state.json.corrupt-20261129-080000")).exists().isEmptyFile();
        assertThat(notices).singleElement().asString().contains("it is empty (0 bytes)");
    }

    @Test
    void aFolderWhereTheFileShouldBeIsMovedAsideAndNamed() throws Exception {
        Files.createDirectories(dir.resolve("state.json"));

        store().update(s -> s.with("k", s.kata("k").withHintsUsed(1)));

        assertThat(dir.resolve("state.json.corrupt-20261129-080000")).isDirectory();
        assertThat(dir.resolve("state.json")).isRegularFile();
        assertThat(notices).singleElement().asString().contains("it is a folder, not a file");
    }

    @Test
    void entriesLockdrillNeverWritesAreNamedInOneSentenceAndTheFileMovedAside() throws Exception {
        List<String> files = List.of(
                "{\"formatVersion\":1,\"katas\":{\"fencing-token\":null}}",
                "{\"formatVersion\":1,\"katas\":{\"fencing-token\":{\"status\":\"bogus\",\"attempts\":1}}}",
                "{\"formatVersion\":1,\"katas\":{\"fencing-token\":{\"status\":\"attempted\",\"attempts\":-5}}}",
                "{\"formatVersion\":1,\"katas\":{\"fencing-token\":{\"lastRunAt\":\"yesterday\"}}}",
                "{\"formatVersion\":1,\"drills\":{\"lease\":{\"schedule\":{\"due\":\"soon\"}}}}",
                "[1, 2]");
        List<String> expected = List.of("the entry for kata 'fencing-token' is null",
                "has status 'bogus'", "has attempts -5, below zero", "has lastRunAt 'yesterday', which is no time",
                "the schedule in the entry for drill 'lease' has due 'soon', which is no time",
                "it holds array, not an object");
        for (int i = 0; i < files.size(); i++) {
            notices.clear();
            Files.writeString(dir.resolve("state.json"), files.get(i));

            assertThat(store().read().katas()).isEmpty();

            assertThat(notices).as(files.get(i)).singleElement().asString().contains(expected.get(i))
                    .doesNotContain("Exception");
            assertThat(dir.resolve("state.json")).doesNotExist();
        }
    }

    @Test
    void aFileFromANewerLockdrillIsRefusedInOneSentenceAndLeftAsItIs() throws Exception {
        String newer = "{\"formatVersion\": 99, \"katas\": {\"k\": {\"status\": \"someday\"}}, \"future\": [1]}";
        Files.writeString(dir.resolve("state.json"), newer);

        assertThatThrownBy(() -> store().read()).isInstanceOf(LockdrillException.class)
                .hasMessageContaining("was written by a newer lockdrill (format 99")
                .hasMessageContaining("upgrade lockdrill")
                .satisfies(e -> assertThat(((LockdrillException) e).exitCode()).isEqualTo(ExitCodes.USAGE));
        assertThatThrownBy(() -> store().update(s -> s.with("k", s.kata("k").withHintsUsed(1))))
                .isInstanceOf(LockdrillException.class);

        assertThat(dir.resolve("state.json")).hasContent(newer);
        assertThat(notices).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("state.json.corrupt-20261129-080000");
        }
    }

    @Test
    void anUnwritableStateFolderIsStillReadButNotWritten() throws Exception {
        store().update(s -> s.with("k", s.kata("k").withHintsUsed(2)));
        Files.delete(dir.resolve("state.lock"));
        Files.createDirectories(dir.resolve("state.lock"));

        assertThat(store().read().kata("k").hintsUsed()).isEqualTo(2);
        assertThatThrownBy(() -> store().update(s -> s.with("k", s.kata("k").withHintsUsed(3))))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("cannot lock");
        assertThat(store().read().kata("k").hintsUsed()).isEqualTo(2);
    }

    @Test
    void twoCorruptionsInOneSecondKeepBothCopies() throws Exception {
        Files.writeString(dir.resolve("state.json"), "{ first");
        store().read();
        Files.writeString(dir.resolve("state.json"), "{ second");
        store().read();

        assertThat(dir.resolve("state.json.corrupt-20261129-080000")).hasContent("{ first");
        assertThat(dir.resolve("state.json.corrupt-20261129-080000-2")).hasContent("{ second");
        assertThat(notices).hasSize(2);
    }

    @Test
    void tempFilesAKilledWriterLeftAreRemovedByTheNextUpdate() throws Exception {
        store().update(s -> s.with("k", s.kata("k").withHintsUsed(1)));
        Files.writeString(dir.resolve("state1234567.tmp"), "{ half written");
        Files.writeString(dir.resolve("other.tmp"), "not ours");

        store().update(s -> s.with("k", s.kata("k").withHintsUsed(2)));

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).contains("state.json", "other.tmp")
                    .noneMatch(n -> n.startsWith("state") && n.endsWith(".tmp"));
        }
        assertThat(store().read().kata("k").hintsUsed()).isEqualTo(2);
    }

    @Test
    void writesAreAtomicAndLeaveNoTempFiles() throws Exception {
        store().update(s -> s.with("a", KataProgress.fresh()));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("state.json",
                    "state.lock");
        }
    }

    @Test
    void concurrentUpdatesAreNotLost() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 40; i++) {
            pool.submit(() -> store().update(s -> s.with("k", s.kata("k").withHintsUsed(s.kata("k").hintsUsed() + 1))));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();

        assertThat(store().read().kata("k").hintsUsed()).isEqualTo(40);
    }
}
