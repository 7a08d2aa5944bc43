package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.function.Supplier;

/** `lockdrill [command]`: no command opens the REPL; a command runs once. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.exit(ReplLauncher.launch(appFactory()));
        }
        boolean color = System.console() != null && System.getenv("NO_COLOR") == null
                && !"dumb".equals(System.getenv("TERM"));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        Session session = new Session(appFactory(), Main::askOnStdin, System.console() != null, color);
        int code;
        try {
            code = Cli.execute(session, args, out, err, color);
        } finally {
            session.close();
        }
        System.exit(code);
    }

    static Supplier<AppContext> appFactory() {
        return () -> new AppContext(Workbook.locate(), Clock.systemUTC(), BackendSelector.fromEnvironment());
    }

    private static String askOnStdin(String question) {
        if (System.console() != null) {
            return System.console().readLine("%s", question);
        }
        try {
            return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        } catch (IOException e) {
            return null;
        }
    }
}
