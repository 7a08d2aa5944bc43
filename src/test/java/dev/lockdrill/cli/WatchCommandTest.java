package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.Workbooks;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** `watch` as the REPL runs it: keys come from the session's terminal, the check runs for real. */
class WatchCommandTest {
    @TempDir
    Path root;

    @Test
    void watchInsideTheReplChecksAtOnceAnswersKeysAndLeavesAtEndOfInput() throws Exception {
        Workbooks.copyKata(Pipelines.repoRoot(), root, "fencing-token");
        Workbook workbook = new Workbook(root, root.resolve(".lockdrill"));
        ByteArrayInputStream keys = new ByteArrayInputStream("hl".getBytes(StandardCharsets.UTF_8));
        StringWriter out = new StringWriter();
        try (Terminal terminal = new DumbTerminal("test", Terminal.TYPE_DUMB, keys, new ByteArrayOutputStream(),
                StandardCharsets.UTF_8)) {
            Session session = new Session(() -> new AppContext(workbook, Clock.systemUTC(),
                    new BackendSelector(Map.of(BackendSelector.URL_ENV, Pipelines.JDBC_URL), "root")),
                    q -> null, false, false, terminal);
            int code;
            try {
                code = Cli.execute(session, new String[]{"watch", "fencing-token", "--manual"},
                        new PrintWriter(out), new PrintWriter(out), false);
            } finally {
                session.close();
            }
            assertThat(code).as(out.toString()).isZero();
        }
        String text = out.toString();
        assertThat(text).contains("checking fencing-token…", "Hint 1/3", "FAIL · ",
                "watching fencing-token: Enter or r re-checks", "end of input")
                .containsPattern("(?m)^  1 +fencing-token +\\S");
        assertThat(text.indexOf("checking fencing-token…")).isLessThan(text.indexOf("FAIL · "));
    }
}
