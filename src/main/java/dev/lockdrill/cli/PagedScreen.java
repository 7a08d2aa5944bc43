package dev.lockdrill.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A screen collected whole so that the session's pager can show it when it is longer than the
 * terminal. Inside the shell it is rewritten as it is collected (commands named as typed there),
 * except what is written {@link #verbatim}, so it is passed on as is when shown.
 */
final class PagedScreen {
    private final Session session;
    private final StringWriter text = new StringWriter();
    private final ShellWriter rewriter;
    private final PrintWriter out;

    PagedScreen(Session session) {
        this.session = session;
        this.rewriter = session.inShell() ? new ShellWriter(text) : null;
        this.out = new PrintWriter(rewriter != null ? rewriter : text);
    }

    /** Where the screen is written. */
    PrintWriter out() {
        return out;
    }

    /** Runs {@code print}, whose text (the learner's own) is kept exactly as written. */
    void verbatim(Runnable print) {
        if (rewriter == null) {
            print.run();
            return;
        }
        try {
            rewriter.verbatim(print);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Shows the screen: through the pager when it is longer than the terminal, else printed on {@code target}. */
    void show(PrintWriter target) {
        out.flush();
        String screen = text.toString();
        if (!session.pager().show(screen)) {
            session.verbatim(() -> {
                target.print(screen);
                target.flush();
            });
        }
    }
}
