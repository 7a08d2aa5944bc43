package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.repl.Pager;
import dev.lockdrill.repl.TerminalConsole;
import dev.lockdrill.support.Text;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * What commands share for one process: the application context (created on first use, so
 * `--version` stays fast), how to ask questions, whether the terminal is interactive, the terminal
 * for commands that talk with the learner (the REPL's, or one opened on first use), and the REPL's
 * own terminal when commands run inside it (watch mode reads keys from it), the width screens
 * are laid out for, the pager long screens go through, and the shell's writer (which names commands
 * as they are typed there) when commands run inside the shell.
 */
public final class Session {
    private final Supplier<AppContext> factory;
    private final Prompter prompter;
    private final boolean interactive;
    private final boolean color;
    private final Supplier<? extends DrillConsole> consoles;
    private final Terminal terminal;
    private final OptionalInt fixedWidth;
    private final Pager pager;
    private final ShellWriter shell;
    private Integer detectedWidth;
    private AppContext app;
    private DrillConsole console;

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color) {
        this(factory, prompter, interactive, color, () -> TerminalConsole.forProcess(interactive, color), null);
    }

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color,
                   Supplier<? extends DrillConsole> consoles) {
        this(factory, prompter, interactive, color, consoles, null);
    }

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color,
                   Terminal terminal) {
        this(factory, prompter, interactive, color, () -> TerminalConsole.forProcess(interactive, color), terminal);
    }

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color,
                   Supplier<? extends DrillConsole> consoles, Terminal terminal) {
        this(factory, prompter, interactive, color, consoles, terminal, OptionalInt.empty(), Pager.NEVER, null);
    }

    private Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color,
                    Supplier<? extends DrillConsole> consoles, Terminal terminal, OptionalInt width, Pager pager,
                    ShellWriter shell) {
        this.fixedWidth = width;
        this.pager = pager;
        this.shell = shell;
        this.factory = factory;
        this.prompter = prompter;
        this.interactive = interactive;
        this.color = color;
        this.consoles = consoles;
        this.terminal = terminal;
    }

    /** The same session laid out for a terminal {@code columns} wide, whatever the real one is (tests, scripts). */
    public Session withWidth(int columns) {
        return new Session(factory, prompter, interactive, color, consoles, terminal,
                OptionalInt.of(Math.max(Text.MIN_WIDTH, columns)), pager, shell);
    }

    /** The same session with long screens shown through {@code pager} (sessions page nothing unless given one). */
    public Session withPager(Pager pager) {
        return new Session(factory, prompter, interactive, color, consoles, terminal, fixedWidth, pager, shell);
    }

    /** The same session inside the shell, whose writer is {@code shell}. */
    Session inShell(ShellWriter shell) {
        return new Session(factory, prompter, interactive, color, consoles, terminal, fixedWidth, pager, shell);
    }

    public Pager pager() {
        return pager;
    }

    /** Whether commands run inside the shell, where what they print names commands without the program. */
    boolean inShell() {
        return shell != null;
    }

    /** Runs {@code print}, whose text the shell must pass on as written (the learner's own). */
    void verbatim(Runnable print) {
        if (shell == null) {
            print.run();
            return;
        }
        try {
            shell.verbatim(print);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Columns to lay screens out in: the REPL terminal's (read each time, it may be resized), else
     * {@code COLUMNS}, else the terminal's when there is one, else {@link Text#DEFAULT_WIDTH}.
     */
    public synchronized int width() {
        if (fixedWidth.isPresent()) {
            return fixedWidth.getAsInt();
        }
        if (terminal != null && terminal.getWidth() > 0) {
            return Math.max(Text.MIN_WIDTH, terminal.getWidth());
        }
        if (detectedWidth == null) {
            String columns = System.getenv("COLUMNS");
            detectedWidth = columns != null || !interactive ? Text.width(columns) : systemTerminalWidth();
        }
        return detectedWidth;
    }

    private static int systemTerminalWidth() {
        try (Terminal system = TerminalBuilder.builder().system(true).dumb(true).build()) {
            int width = system.getWidth();
            return width > 0 ? Math.max(Text.MIN_WIDTH, width) : Text.DEFAULT_WIDTH;
        } catch (IOException | RuntimeException e) {
            return Text.DEFAULT_WIDTH;
        }
    }

    /** The terminal for drills and practice, opened on first use. */
    public synchronized DrillConsole console() {
        if (console == null) {
            console = consoles.get();
        }
        return console;
    }

    public synchronized AppContext app() {
        if (app == null) {
            app = factory.get();
        }
        return app;
    }

    public synchronized boolean hasApp() {
        return app != null;
    }

    public Prompter prompter() {
        return prompter;
    }

    public boolean interactive() {
        return interactive;
    }

    public boolean color() {
        return color;
    }

    /** The terminal the REPL runs in; empty for one-shot commands. */
    public Optional<Terminal> terminal() {
        return Optional.ofNullable(terminal);
    }

    public synchronized void close() {
        if (console instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the terminal", e);
            }
        }
        if (app != null) {
            app.close();
        }
    }
}
