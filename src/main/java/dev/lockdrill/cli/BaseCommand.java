package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.report.Style;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** What every subcommand needs: its writers, the session, and the common options. */
abstract class BaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    LockdrillCommand root;

    @Mixin
    CommonOptions common;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    AppContext app() {
        return root.session().app();
    }

    Session session() {
        return root.session();
    }

    Style style() {
        return new Style(session().color() && !common.noColor);
    }

    /** Columns the screen is laid out in. */
    int width() {
        return session().width();
    }

    /** Prints notices collected along the way (e.g. a corrupt state file moved aside) to stderr. */
    void flushNotices() {
        app().drainNotices().forEach(n -> err().println(style().yellow(n)));
        err().flush();
    }

    @Override
    public final Integer call() throws Exception {
        try {
            return run();
        } finally {
            if (root.session().hasApp()) {
                flushNotices();
            }
        }
    }

    abstract int run() throws Exception;
}
