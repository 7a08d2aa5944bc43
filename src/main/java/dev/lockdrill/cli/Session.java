package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import org.jline.terminal.Terminal;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * What commands share for one process: the application context (created on first use, so
 * `--version` stays fast), how to ask questions, whether the terminal is interactive, and the REPL's
 * terminal when commands run inside it (watch mode reads keys from it).
 */
public final class Session {
    private final Supplier<AppContext> factory;
    private final Prompter prompter;
    private final boolean interactive;
    private final boolean color;
    private final Terminal terminal;
    private AppContext app;

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color) {
        this(factory, prompter, interactive, color, null);
    }

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color,
                   Terminal terminal) {
        this.factory = factory;
        this.prompter = prompter;
        this.interactive = interactive;
        this.color = color;
        this.terminal = terminal;
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
        if (app != null) {
            app.close();
        }
    }
}
