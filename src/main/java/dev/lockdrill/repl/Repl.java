package dev.lockdrill.repl;

import dev.lockdrill.support.PrivateFiles;
import dev.lockdrill.support.Text;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The interactive shell: a JLine line reader with history, tab completion of commands, options
 * and kata ids (from the picocli command tree), colour, Ctrl-C to drop the line and Ctrl-D or
 * `quit` to leave. Each line runs through the same command tree as a one-shot command.
 */
public final class Repl {
    static final List<String> EXIT_WORDS = List.of("quit", "exit");
    private final Terminal terminal;
    private final LineReader reader;
    private final boolean color;
    private final Function<String[], Integer> executor;

    public Repl(Terminal terminal, Path historyFile, boolean color, Supplier<CommandSpec> spec,
                Function<String[], Integer> executor) {
        this.terminal = terminal;
        this.color = color;
        this.executor = executor;
        LineReaderBuilder builder = LineReaderBuilder.builder().terminal(terminal).appName("lockdrill")
                .completer(new CommandCompleter(spec)).history(new SecretFreeHistory());
        if (historyFile != null) {
            try {
                Files.createDirectories(historyFile.getParent());
                PrivateFiles.ensure(historyFile);
                builder.variable(LineReader.HISTORY_FILE, historyFile);
            } catch (IOException e) {
                terminal.writer().println("(no history: " + e.getMessage() + ")");
            }
        }
        this.reader = builder.build();
    }

    /** Reads and runs lines until Ctrl-D or quit; returns the exit code of the shell (0). */
    public int loop() {
        PrintWriter out = terminal.writer();
        int width = terminal.getWidth() > 0 ? Math.max(Text.MIN_WIDTH, terminal.getWidth()) : Text.DEFAULT_WIDTH;
        Text.wrap(styled("lockdrill", AttributedStyle.BOLD) + " — type `list` to see the katas, `help` for commands, "
                + "Tab to complete, Ctrl-D or `quit` to leave.", width, "").forEach(out::println);
        out.flush();
        while (true) {
            String line;
            try {
                line = reader.readLine(styled("lockdrill> ", AttributedStyle.BOLD.foreground(AttributedStyle.CYAN)));
            } catch (UserInterruptException e) {
                continue;
            } catch (EndOfFileException e) {
                break;
            }
            List<String> words = reader.getParser().parse(line, line.length()).words().stream()
                    .filter(w -> !w.isEmpty()).toList();
            if (words.isEmpty()) {
                continue;
            }
            if (EXIT_WORDS.contains(words.get(0))) {
                break;
            }
            executor.apply(words.toArray(String[]::new));
            out.flush();
        }
        out.println("bye");
        out.flush();
        return 0;
    }

    /** Asks a question on the same line reader (for confirmations); Ctrl-C or Ctrl-D answers no. */
    public String ask(String question) {
        try {
            return reader.readLine(question);
        } catch (UserInterruptException | EndOfFileException e) {
            return "n";
        }
    }

    /** The shell's terminal and line reader, for commands that talk with the learner (drills). */
    public TerminalConsole console() {
        return TerminalConsole.shared(terminal, reader, color);
    }

    private String styled(String text, AttributedStyle style) {
        return color ? new AttributedString(text, style).toAnsi(terminal) : text;
    }
}
