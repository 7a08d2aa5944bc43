package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** What every subcommand needs: its writers, the session, and the common options. */
abstract class BaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    LockdrillCommand root;

    @Mixin
    CommonOptions common;

    /** The screen being collected for the pager while {@link #paged} runs; else null. */
    private PagedScreen page;

    PrintWriter out() {
        return page != null ? page.out() : spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /**
     * Prints a screen that may be long ({@code list}, {@code show}, {@code compare}…): when the
     * session has a pager and {@code pageable} (not for {@code --json}, not with {@code --no-pager}),
     * what {@code screen} prints to {@link #out} is collected and, longer than the terminal, shown
     * through the pager; otherwise it is printed as it comes.
     */
    int paged(boolean pageable, Screen screen) throws Exception {
        if (!pageable || common.noPager || !session().pager().enabled()) {
            return screen.print();
        }
        page = new PagedScreen(session());
        try {
            return screen.print();
        } finally {
            PagedScreen collected = page;
            page = null;
            collected.show(spec.commandLine().getOut());
        }
    }

    /** What a paged command prints, returning its exit code. */
    @FunctionalInterface
    interface Screen {
        int print() throws Exception;
    }

    /** Prints the learner's own text (their file, in compare's diff) exactly: the shell rewrites none of it. */
    void verbatim(Runnable print) {
        if (page != null) {
            page.verbatim(print);
        } else {
            session().verbatim(print);
        }
    }

    /**
     * Asks {@code question} laid out for the screen: its lines but the last are printed, the last
     * is the prompt (a prompt wider than the terminal is broken by the terminal, inside words).
     * Null when there is nobody to answer.
     */
    String ask(String question) {
        List<String> lines = Text.wrap(question, width(), "");
        PrintWriter screen = spec.commandLine().getOut();
        lines.subList(0, lines.size() - 1).forEach(screen::println);
        screen.flush();
        return session().prompter().ask(lines.get(lines.size() - 1) + " ");
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
        app().drainNotices().forEach(n -> Text.wrap(n, width(), "", "  ").forEach(line -> err().println(style()
                .yellow(line))));
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
