package dev.lockdrill.cli;

import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `./lockdrill` rebuilds when the sources are not what its jar was built from, also when a file
 * comes back with an older time than the jar (rsync -a, tar, cp -p): it then ran a jar of other
 * sources. Stand-ins for `mvn` (counts its builds, writes a jar) and `java` (does nothing) on the
 * PATH keep this to the script's own decision.
 */
class LauncherRebuildTest {
    @TempDir
    Path dir;

    @Test
    void sourcesPutBackWithAnOlderTimeStillRebuildAndAJarMavenBuiltIsTakenAsIs() throws Exception {
        Path workbook = Files.createDirectories(dir.resolve("workbook"));
        Files.copy(Pipelines.repoRoot().resolve("lockdrill"), workbook.resolve("lockdrill"));
        Path source = Files.createDirectories(workbook.resolve("src/main/java")).resolve("A.java");
        Files.writeString(source, "class A {}\n");
        Files.writeString(workbook.resolve("pom.xml"), "<project/>\n");
        Path builds = dir.resolve("builds");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        executable(bin.resolve("mvn"), "#!/bin/sh\necho built >> '" + builds + "'\nmkdir -p target\n"
                + "echo jar > target/lockdrill.jar\n");
        executable(bin.resolve("java"), "#!/bin/sh\nexit 0\n");
        age(source, 3600);
        age(workbook.resolve("pom.xml"), 3600);

        run(workbook, bin);
        assertThat(builds()).as("the first run builds").isEqualTo(1);
        run(workbook, bin);
        assertThat(builds()).as("nothing changed").isEqualTo(1);

        Files.writeString(source, "class A { int changed; }\n");
        age(source, 1800);
        run(workbook, bin);
        assertThat(builds()).as("a source changed, with a time older than the jar").isEqualTo(2);

        Files.writeString(source, "class A { int again; }\n");
        age(source, 600);
        Files.writeString(workbook.resolve("target/lockdrill.jar"), "a jar Maven built itself\n");
        run(workbook, bin);
        assertThat(builds()).as("the jar is newer than the change and the stamp: Maven built it").isEqualTo(2);
    }

    private int builds() throws Exception {
        Path builds = dir.resolve("builds");
        return Files.exists(builds) ? Files.readAllLines(builds).size() : 0;
    }

    private static void run(Path workbook, Path bin) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(workbook.resolve("lockdrill").toString(), "list")
                .directory(workbook.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process script = builder.start();
        if (!script.waitFor(60, TimeUnit.SECONDS)) {
            script.destroyForcibly();
        }
        assertThat(script.exitValue()).isZero();
    }

    private static void executable(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void age(Path file, long seconds) throws Exception {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(seconds)));
    }
}
