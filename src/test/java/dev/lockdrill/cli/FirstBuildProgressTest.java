package dev.lockdrill.cli;

import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first `./lockdrill` builds the jar with Maven for minutes: it must say what Maven is doing as it
 * goes, not one line for the whole build. A stand-in `mvn` on the PATH prints a download and two plugin
 * goals, and moves to the next only once the script has shown the previous one (the test tells it
 * through a file), so the test waits for what it expects instead of hoping the script polled in time;
 * then it fails, so no jar is run.
 */
class FirstBuildProgressTest {
    private static final List<String> MAVEN = List.of(
            "Downloading from central: https://repo.maven.apache.org/maven2/info/picocli/picocli/4.7.6/picocli-4.7.6.jar",
            "[INFO] --- maven-resources-plugin:3.3.1:resources (default-resources) @ lockdrill ---",
            "[INFO] --- compiler:3.13.0:compile (default-compile) @ lockdrill ---");
    private static final List<String> SHOWN = List.of("building lockdrill: downloading picocli-4.7.6.jar",
            "building lockdrill: resources:resources", "building lockdrill: compiler:compile");

    @TempDir
    Path dir;

    @Test
    void theFirstBuildShowsEachStepOfMavenAsItComesAndItsLogWhenItFails() throws Exception {
        Path workbook = Files.createDirectories(dir.resolve("workbook"));
        Files.copy(Pipelines.repoRoot().resolve("lockdrill"), workbook.resolve("lockdrill"));
        Files.createDirectories(workbook.resolve("src/main"));
        Files.writeString(workbook.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        StringBuilder mvn = new StringBuilder("#!/bin/sh\n");
        for (int i = 0; i < MAVEN.size(); i++) {
            mvn.append("echo '").append(MAVEN.get(i)).append("'\n")
                    .append("i=0; while [ ! -f '").append(dir.resolve("seen-" + i))
                    .append("' ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done\n");
        }
        mvn.append("echo '[ERROR] COMPILATION ERROR: the stand-in stops here'\nexit 1\n");
        Path fake = bin.resolve("mvn");
        Files.writeString(fake, mvn);
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));

        ProcessBuilder builder = new ProcessBuilder(workbook.resolve("lockdrill").toString(), "list")
                .directory(workbook.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process script = builder.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(script.getErrorStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = err.readLine()) != null) {
                lines.add(line);
                for (int i = 0; i < SHOWN.size(); i++) {
                    if (line.endsWith(SHOWN.get(i))) {
                        Files.writeString(dir.resolve("seen-" + i), "");
                    }
                }
            }
        } finally {
            if (!script.waitFor(60, TimeUnit.SECONDS)) {
                script.destroyForcibly();
            }
        }

        assertThat(script.exitValue()).isEqualTo(2);
        // 'starting Maven' shows too when the script looks before the stand-in has printed its first line
        List<String> steps = lines.stream().filter(l -> l.matches(" *\\d+s  building lockdrill: .*"))
                .filter(l -> !l.endsWith("building lockdrill: starting Maven")).toList();
        assertThat(steps).as("each step of Maven's, with the time taken").hasSize(3);
        for (int i = 0; i < SHOWN.size(); i++) {
            assertThat(steps.get(i)).endsWith(SHOWN.get(i));
        }
        assertThat(lines).contains(MAVEN.get(2), "[ERROR] COMPILATION ERROR: the stand-in stops here");
        assertThat(lines.get(lines.size() - 1)).contains("the build failed (Maven exit 1)");
    }
}
