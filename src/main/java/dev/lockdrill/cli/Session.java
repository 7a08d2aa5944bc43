package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;

import java.util.function.Supplier;

/**
 * What commands share for one process: the application context (created on first use, so
 * `--version` stays fast), how to ask questions, and whether the terminal is interactive.
 */
public final class Session {
    private final Supplier<AppContext> factory;
    private final Prompter prompter;
    private final boolean interactive;
    private final boolean color;
    private AppContext app;

    public Session(Supplier<AppContext> factory, Prompter prompter, boolean interactive, boolean color) {
        this.factory = factory;
        this.prompter = prompter;
        this.interactive = interactive;
        this.color = color;
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

    public synchronized void close() {
        if (app != null) {
            app.close();
        }
    }
}
