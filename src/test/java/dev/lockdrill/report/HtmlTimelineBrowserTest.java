package dev.lockdrill.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Loads the HTML report of a failing run in headless Chromium (Debian's `chromium`): its script
 * runs, the lanes and the violating operations are in the rendered DOM, and a screenshot is taken
 * (target/timeline-screenshot.png). Skipped only where Chromium is not installed.
 */
class HtmlTimelineBrowserTest {
    static final Path SCREENSHOT = Path.of("target/timeline-screenshot.png");

    @TempDir
    Path dir;

    @Test
    void browserShowsEveryLaneAndHighlightsOnlyTheViolatingWrite() throws Exception {
        Path chromium = chromium();
        Path page = dir.resolve(HtmlTimeline.FILE_NAME);
        Files.writeString(page, HtmlTimeline.render(SampleRuns.kleppmannResult()), StandardCharsets.UTF_8);

        String dom = run(chromium, "--dump-dom", page.toUri().toString());

        assertThat(dom).contains("data-ready=\"true\"", "data-violations=\"1\"");
        Matcher lanes = Pattern.compile("<g class=\"lane\" data-worker=\"([^\"]+)\"").matcher(dom);
        List<String> workers = new ArrayList<>();
        while (lanes.find()) {
            workers.add(lanes.group(1));
        }
        assertThat(workers).containsExactly("worker-1", "worker-1", "worker-2", "worker-3", "worker-10");
        assertThat(dom).containsPattern("class=\"op accepted violation\" data-op=\"5\"")
                .containsPattern("class=\"fault\" data-fault=\"pause\"")
                .contains("stale-write-rejected");

        Files.createDirectories(SCREENSHOT.getParent());
        Files.deleteIfExists(SCREENSHOT);
        run(chromium, "--screenshot=" + SCREENSHOT.toAbsolutePath(), "--window-size=1100,900",
                page.toUri().toString());
        assertThat(SCREENSHOT).isRegularFile();
        assertThat(Files.size(SCREENSHOT)).isGreaterThan(5_000);
    }

    private String run(Path chromium, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--user-data-dir=" + dir.resolve("profile")));
        command.addAll(List.of(args));
        Path output = dir.resolve("chromium.out");
        Process process = new ProcessBuilder(command).redirectErrorStream(false)
                .redirectOutput(output.toFile()).redirectError(dir.resolve("chromium.err").toFile()).start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish in 90 s");
        }
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("chromium.err"))).isZero();
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    private static Path chromium() {
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        assumeTrue(false, "chromium is not installed (apt-get install -y chromium)");
        return null;
    }
}
