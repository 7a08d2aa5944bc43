package dev.lockdrill.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The check processes' class-data archive: written once by one process, read by the ones after it. */
class ChildArchiveTest {
    @TempDir
    Path dir;

    @Test
    void aClassPathWithAFolderGetsNoArchive() throws Exception {
        Path jar = Files.writeString(dir.resolve("lockdrill.jar"), "jar");
        assertThat(ChildArchive.forClassPath(dir + java.io.File.pathSeparator + jar, List.of())).isEmpty();
    }

    @Test
    void theFirstProcessWritesItOneAtATimeAndTheNextOnesReadIt() throws Exception {
        Path jar = Files.writeString(dir.resolve("lockdrill.jar"), "jar");
        Files.writeString(dir.resolve("lockdrill-child-0000000000000000.jsa"), "an older jar's archive");
        ChildArchive archive = ChildArchive.forClassPath(jar.toString(), List.of("-Xmx256m")).orElseThrow();

        ChildArchive.Use first = archive.use();
        assertThat(first.options()).singleElement().asString().startsWith("-XX:ArchiveClassesAtExit=");
        assertThat(archive.use().options()).as("a second process while the first writes").isEmpty();
        Path written = Path.of(first.options().get(0).substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "archive");
        first.ended(true);

        assertThat(archive.use().options()).singleElement().asString().startsWith("-XX:SharedArchiveFile=");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("lockdrill.jar",
                    Path.of(archive.use().options().get(0).substring("-XX:SharedArchiveFile=".length()))
                            .getFileName().toString());
        }
    }

    @Test
    void anArchiveFromAProcessThatDidNotEndNormallyIsThrownAway() throws Exception {
        Path jar = Files.writeString(dir.resolve("other.jar"), "jar");
        ChildArchive archive = ChildArchive.forClassPath(jar.toString(), List.of()).orElseThrow();
        ChildArchive.Use first = archive.use();
        Path written = Path.of(first.options().get(0).substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "half an archive");
        first.ended(false);
        assertThat(written).doesNotExist();
        ChildArchive.Use again = archive.use();
        assertThat(again.options()).singleElement().asString().startsWith("-XX:ArchiveClassesAtExit=");
        again.ended(false);
    }
}
