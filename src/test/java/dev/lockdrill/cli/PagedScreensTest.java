package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.repl.Pager;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Long screens go through the session's pager (here a command that records what it was given, on
 * a terminal 10 lines high); short ones, --json and --no-pager are printed as before.
 */
class PagedScreensTest {
    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;
    Path paged;
    Pager pager;

    @BeforeEach
    void setUp() {
        workbook = Pipelines.copyWorkbook(dir.resolve("workbook"));
        paged = dir.resolve("paged.txt");
        pager = Pager.forProcess(Map.of("LOCKDRILL_PAGER", "cat > '" + paged + "'"), true, () -> 10);
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aBriefLongerThanTheScreenGoesThroughThePager() throws Exception {
        String printed = run(session(), "show", "fencing-token");

        assertThat(printed).isEmpty();
        assertThat(Files.readString(paged)).startsWith("# fencing-token").contains("fencing token");
    }

    @Test
    void listCompareAndProgressArePagedToo() throws Exception {
        for (String[] command : new String[][]{{"list"}, {"compare", "fencing-token", "--yes"}, {"progress"}}) {
            Files.deleteIfExists(paged);
            assertThat(run(session(), command)).as(command[0]).isEmpty();
            assertThat(paged).as(command[0]).isNotEmptyFile();
        }
    }

    @Test
    void aShortScreenJsonAndNoPagerArePrinted() {
        assertThat(run(session(), "hint", "fencing-token")).contains("Hint 1/");
        assertThat(run(session(), "list", "--json")).contains("\"katas\"");
        assertThat(run(session(), "show", "fencing-token", "--no-pager")).startsWith("# fencing-token");
        assertThat(paged).doesNotExist();
    }

    @Test
    void aSessionWithoutAPagerPrintsAsItGoes() {
        Session plain = new Session(() -> app(), q -> null, true, false).withWidth(80);
        assertThat(run(plain, "show", "fencing-token")).startsWith("# fencing-token");
        assertThat(paged).doesNotExist();
    }

    @Test
    void insideTheShellThePagedDiffKeepsTheLearnersTextAndTheHintsNameCommandsAsTypedThere() throws Exception {
        StringWriter screen = new StringWriter();
        Session shell = session().inShell(new ShellWriter(screen));

        run(shell, "compare", "fencing-token", "--yes");

        String shown = Files.readString(paged);
        assertThat(shown.lines().filter(line -> line.startsWith("- ")))
                .anyMatch(line -> line.contains("`lockdrill check"));
        assertThat(shown).contains("`check fencing-token` scores yours")
                .doesNotContain("`lockdrill check fencing-token` scores");
    }

    private Session session() {
        return new Session(() -> app(), q -> null, true, false).withWidth(80).withPager(pager);
    }

    private AppContext app() {
        if (app == null) {
            app = Pipelines.app(workbook);
        }
        return app;
    }

    private static String run(Session session, String... args) {
        StringWriter out = new StringWriter();
        int code = Cli.execute(session, args, new PrintWriter(out), new PrintWriter(out), false);
        assertThat(code).as(out.toString()).isZero();
        return out.toString();
    }
}
