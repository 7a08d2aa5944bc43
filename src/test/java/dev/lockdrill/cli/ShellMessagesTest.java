package dev.lockdrill.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input is one sentence with the usage; inside the shell, commands are named as they are typed there. */
class ShellMessagesTest {
    @Test
    void insideTheShellHintsNameCommandsWithoutTheProgram() {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(new ShellWriter(text), true);
        out.println("0 of 9 katas passed. `lockdrill show <kata>` for the brief, `./lockdrill check <kata>` to check.");
        out.println("FAIL · 5/9 invariants · replay: lockdrill check fencing-token --seed 7");
        out.println("lockdrill — type `list` to see the katas");
        assertThat(text.toString()).contains("`show <kata>` for the brief, `check <kata>` to check.",
                "replay: check fencing-token --seed 7", "lockdrill — type `list`");
    }

    @Test
    void theLearnersOwnTextPassesThroughTheShellUnchanged() throws Exception {
        StringWriter text = new StringWriter();
        ShellWriter shell = new ShellWriter(text);
        PrintWriter out = new PrintWriter(shell, true);
        out.println("`lockdrill hint fencing-token` gives the next hint.");
        shell.verbatim(() -> out.println("- * overwrites the value. Run `lockdrill check fencing-token` to watch"));
        out.println("replay: lockdrill check fencing-token --seed 7");

        assertThat(text.toString()).isEqualTo("`hint fencing-token` gives the next hint.\n"
                + "- * overwrites the value. Run `lockdrill check fencing-token` to watch\n"
                + "replay: check fencing-token --seed 7\n");
    }

    @Test
    void anUnknownCommandIsOneSentenceWithADidYouMean() {
        Result r = run("chek", "fencing-token");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).isEqualTo("There is no command 'chek'. Did you mean 'check'? Usage: lockdrill "
                + "COMMAND (`lockdrill --help` for more).");
        assertThat(r.err).doesNotContain("Unmatched argument", "Commands:");
    }

    @Test
    void anUnknownOptionSuggestsTheClosestOne() {
        Result r = run("check", "fencing-token", "--no-compar");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("`lockdrill check` has no option --no-compar. Did you mean '--no-compare'?")
                .contains("Usage: lockdrill check [options] KATA").hasLineCount(1);
    }

    @Test
    void anExtraArgumentAndAMissingOneSayWhatIsExpected() {
        assertThat(run("check", "fencing-token", "extra").err.strip()).startsWith("`lockdrill check` takes no more "
                + "arguments, but was given 'extra'.").hasLineCount(1);
        assertThat(run("check").err.strip()).startsWith("Missing required parameter: 'KATA'. Usage: lockdrill check "
                + "[options] KATA").hasLineCount(1);
    }

    private record Result(int code, String err) {
    }

    private static Result run(String... args) {
        StringWriter err = new StringWriter();
        Session session = new Session(() -> null, q -> null, false, false).withWidth(200);
        int code = Cli.execute(session, args, new PrintWriter(new StringWriter()), new PrintWriter(err), false);
        return new Result(code, err.toString());
    }
}
