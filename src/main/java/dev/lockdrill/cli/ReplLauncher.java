package dev.lockdrill.cli;

import dev.lockdrill.runner.ChildRunner;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.repl.Pager;
import dev.lockdrill.repl.Repl;
import dev.lockdrill.support.LockdrillException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/** Opens the REPL on the system terminal (or a given one, in tests) with the same command tree as one-shot. */
public final class ReplLauncher {
    private ReplLauncher() {
    }

    static int launch(Supplier<AppContext> factory) {
        try (Terminal terminal = systemTerminal()) {
            // Ctrl-C while a check runs reaches its check processes (same process group) and ends
            // them; the shell itself ignores it and reports the check as interrupted.
            terminal.handle(Terminal.Signal.INT, Terminal.SignalHandler.SIG_IGN);
            return run(terminal, factory, historyFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the terminal", e);
        }
    }

    /**
     * The system terminal, or a dumb one when input is piped: asked for outright, so JLine falls
     * back without logging a two-line java.util.logging WARNING above the shell's banner.
     */
    static Terminal systemTerminal() throws IOException {
        return TerminalBuilder.builder().name("lockdrill").system(true).dumb(true).build();
    }

    public static int run(Terminal terminal, Supplier<AppContext> factory, Path history) {
        boolean color = !Terminal.TYPE_DUMB.equals(terminal.getType())
                && !Terminal.TYPE_DUMB_COLOR.equals(terminal.getType()) && System.getenv("NO_COLOR") == null;
        Repl[] repl = new Repl[1];
        ShellWriter shellWriter = new ShellWriter(terminal.writer());
        Session session = new Session(factory, question -> repl[0].ask(question), color, color,
                () -> repl[0].console(), terminal).withPager(Pager.forTerminal(System.getenv(), terminal))
                .inShell(shellWriter);
        PrintWriter shell = new PrintWriter(shellWriter, true);
        repl[0] = new Repl(terminal, history, color,
                () -> Cli.create(session, shell, shell, color).getCommandSpec(),
                words -> Cli.execute(session, words, shell, shell, color));
        // the next check's processes start, warmed up, while the learner reads and edits
        ChildRunner.keepWarm(true);
        try {
            return repl[0].loop();
        } finally {
            ChildRunner.keepWarm(false);
            session.close();
        }
    }

    private static Path historyFile() {
        try {
            return Workbook.locate().stateDir().resolve("history");
        } catch (LockdrillException e) {
            return null;
        }
    }
}
