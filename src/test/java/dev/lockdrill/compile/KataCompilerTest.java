package dev.lockdrill.compile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KataCompilerTest {
    @TempDir
    Path dir;

    @Test
    void aSymlinkedFolderIsCompiledAsTheFolderItPointsAt() throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("Solved.java"), "public class Solved {}");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);

        CompileResult result = new KataCompiler().compile(link, dir.resolve("out"), List.of());

        assertThat(result.errors()).isEmpty();
        assertThat(dir.resolve("out/Solved.class")).isRegularFile();
    }
}
