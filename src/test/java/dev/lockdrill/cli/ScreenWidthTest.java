package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.report.SampleRuns;
import dev.lockdrill.report.Style;
import dev.lockdrill.report.TerminalReport;
import dev.lockdrill.support.Text;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.ScreenLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The main screens at 80 and 120 columns: each matches its golden file
 * (src/test/resources/golden/screens/, rewritten with -Dlockdrill.updateGolden=true) and no line,
 * colour codes aside, is wider than the terminal.
 */
class ScreenWidthTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden/screens");

    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;

    @BeforeEach
    void copyWorkbook() {
        workbook = Pipelines.copyWorkbook(dir);
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void checkFailureReportFits(int width) throws IOException {
        assertFits("check-fail", width, report(width), report(EveryScreenTest.WIDE));
        assertFitsInColour(width);
    }

    private static String report(int width) {
        StringWriter text = new StringWriter();
        new TerminalReport(new Style(false), width, "paused-holder").render(SampleRuns.kleppmannResult(),
                new PrintWriter(text));
        return text.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void listFits(int width) throws IOException {
        assertFits("list", width, run(width, "list"), run(EveryScreenTest.WIDE, "list"));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void progressFits(int width) throws IOException {
        assertFits("progress", width, run(width, "progress"), run(EveryScreenTest.WIDE, "progress"));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void compareFits(int width) throws IOException {
        assertFits("compare", width, run(width, "compare", "fencing-token", "--yes"),
                run(EveryScreenTest.WIDE, "compare", "fencing-token", "--yes"));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void helpFits(int width) throws IOException {
        assertFits("help", width, run(width, "--help"), run(EveryScreenTest.WIDE, "--help"));
        assertFits("check-help", width, run(width, "check", "--help"), run(EveryScreenTest.WIDE, "check", "--help"));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void everyCommandsHelpAndTheBriefsFit(int width) {
        for (String command : new String[]{"list", "show", "hint", "check", "reset", "progress", "doctor", "backend",
                "drill", "practice", "watch", "report", "compare", "lab", "completion", "dev"}) {
            assertWithin(width, command + " --help", run(width, command, "--help"));
        }
        for (String kata : new String[]{"fencing-token", "circuit-breaker", "redlock", "bulkhead"}) {
            assertWithin(width, "show " + kata, run(width, "show", kata));
        }
    }

    @Test
    void aTerminalNarrowerThanPicocliLaysHelpOutInStillRunsCommands() {
        // COLUMNS=50 made picocli throw "Invalid usage message width 50" before any command ran
        assertThat(run(50, "--help")).contains("Usage: lockdrill").doesNotContain("Exception");
        assertThat(run(50, "list")).contains("fencing-token").doesNotContain("Exception");
        assertThat(run(Text.MIN_WIDTH, "show", "fencing-token")).contains("# fencing-token");
    }

    private void assertFitsInColour(int width) {
        StringWriter text = new StringWriter();
        new TerminalReport(new Style(true), width, "paused-holder").render(SampleRuns.kleppmannResult(),
                new PrintWriter(text));
        assertThat(text.toString()).contains("\u001b[31m");
        assertWithin(width, "check report in colour", text.toString());
    }

    private String run(int width, String... args) {
        StringWriter out = new StringWriter();
        Session session = new Session(() -> app = Pipelines.app(workbook), q -> "n", false, false).withWidth(width);
        Cli.execute(session, args, new PrintWriter(out), new PrintWriter(out), false);
        session.close();
        return out.toString().replace(dir.toString(), "<workbook>");
    }

    /** Fits {@code width}, breaks no word that {@code wide} (the same screen, too wide to wrap) has whole, and is the golden. */
    private static void assertFits(String screen, int width, String actual, String wide) throws IOException {
        ScreenLayout.assertLaidOut(screen, width, actual, wide);
        Path golden = GOLDEN.resolve(screen + "-" + width + ".txt");
        if (Boolean.getBoolean("lockdrill.updateGolden")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).as(screen + " at " + width + " columns").isEqualTo(Files.readString(golden,
                StandardCharsets.UTF_8));
    }

    private static void assertWithin(int width, String screen, String actual) {
        assertThat(actual.lines()).as(screen + " at " + width + " columns").isNotEmpty()
                .allSatisfy(line -> assertThat(Text.visible(line)).as(screen + ": " + line)
                        .isLessThanOrEqualTo(width));
    }
}
