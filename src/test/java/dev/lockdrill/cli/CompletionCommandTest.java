package dev.lockdrill.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

class CompletionCommandTest {
    @Test
    void bashScriptCompletesEveryCommand() {
        String script = run("completion", "bash");
        assertThat(script).startsWith("# lockdrill completion for bash")
                .contains("complete -F _complete_lockdrill", "check", "watch", "compare", "report", "doctor");
    }

    @Test
    void zshScriptSaysItRunsThroughBashcompinit() {
        assertThat(run("completion", "zsh")).contains("bashcompinit").contains("_complete_lockdrill");
    }

    @Test
    void unknownShellIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = Cli.execute(session(), new String[]{"completion", "fish"}, new PrintWriter(new StringWriter()),
                new PrintWriter(err), false);
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("bash, zsh");
    }

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        int code = Cli.execute(session(), args, new PrintWriter(out), new PrintWriter(new StringWriter()), false);
        assertThat(code).isZero();
        return out.toString();
    }

    private static Session session() {
        return new Session(() -> {
            throw new AssertionError("completion must not need the workbook's state");
        }, q -> null, false, false);
    }
}
