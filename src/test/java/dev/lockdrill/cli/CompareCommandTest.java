package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.Workbooks;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** compare asks before a pass (honour system, recorded) and shows the diff with a score table. */
class CompareCommandTest {
    static final String KATA = "fencing-token";

    @TempDir
    Path root;
    Workbook workbook;
    String question;

    @BeforeEach
    void workbook() throws Exception {
        Workbooks.copyKata(Pipelines.repoRoot(), root, KATA);
        workbook = new Workbook(root, root.resolve(".lockdrill"));
    }

    @Test
    void beforeAPassAnsweringNoShowsNothingAndRecordsNothing() {
        String out = run("n", "compare", KATA);
        assertThat(question).contains("You have not passed fencing-token yet");
        assertThat(out).contains("Nothing shown").doesNotContain("+++ ");
        assertThat(progress().referenceRevealed()).isFalse();
    }

    @Test
    void beforeAPassAnsweringYesShowsTheDiffAndRecordsThatTheReferenceWasSeen() {
        String out = run("y", "compare", KATA);
        assertThat(out).contains("Noted in your progress", "--- katas/fencing-token/PostgresFencedStore.java",
                "+++ solutions/fencing-token/PostgresFencedStore.java", "-        // TODO", "No check of");
        assertThat(progress().referenceRevealed()).isTrue();
    }

    @Test
    void afterAPassItShowsWithoutAskingAndRecordsNothing() {
        try (AppContext app = app()) {
            app.state().update(s -> s.with(KATA, s.kata(KATA).afterCheck("pass", "2026-01-01T00:00:00Z")));
        }
        String out = run(null, "compare", KATA);
        assertThat(question).isNull();
        assertThat(out).contains("+++ solutions/fencing-token/PostgresFencedStore.java")
                .doesNotContain("Noted in your progress");
        assertThat(progress().referenceRevealed()).isFalse();
    }

    @Test
    void withoutATerminalToAskInItNeedsYes() {
        StringWriter err = new StringWriter();
        int code = Cli.execute(session(null), new String[]{"compare", KATA}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), false);
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("add --yes");
    }

    private String run(String answer, String... args) {
        StringWriter out = new StringWriter();
        int code = Cli.execute(session(answer), args, new PrintWriter(out), new PrintWriter(out), false);
        assertThat(code).as(out.toString()).isZero();
        return out.toString();
    }

    private Session session(String answer) {
        return new Session(this::app, q -> {
            question = q;
            return answer;
        }, false, false).withWidth(200);
    }

    private AppContext app() {
        return new AppContext(workbook, Clock.systemUTC(),
                new BackendSelector(Map.of(BackendSelector.URL_ENV, Pipelines.JDBC_URL), "root"));
    }

    private KataProgress progress() {
        try (AppContext app = app()) {
            return app.state().read().kata(KATA);
        }
    }
}
