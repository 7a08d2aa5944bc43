package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.repl.TerminalConsole;
import org.jline.terminal.Terminal;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * What commands share for one process: the application context (created on first use, so
 * `--version` stays fast), how to ask questions, whether the terminal is interactive, the terminal
 * for commands that talk with the learner (the REPL's, or one opened on first use), and the REPL's
 * own terminal when commands run inside it (watch mode reads keys from it).
 */
public final class Session {
    private final Supplier<AppContext> factory;
    private final Prompter prompter;
    private final boolean interactive;
    private final boolean color;
    private final Supplier<? extends DrillConsole> consoles;
    private final Terminal terminal;
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
        this.factory = factory;
        this.prompter = prompter;
        this.interactive = interactive;
        this.color = color;
        this.consoles = consoles;
        this.terminal = terminal;
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
