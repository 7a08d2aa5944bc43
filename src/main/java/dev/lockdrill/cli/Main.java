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
        if (asksForVersionOnly(args)) {
            // Same text as picocli's --version, without building the command tree (16 commands'
            // reflection, about 0.2 s on a cold JVM) that scripts asking for the version do not need.
            System.out.println(new VersionProvider().getVersion()[0]);
            return;
        }
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

    static boolean asksForVersionOnly(String[] args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
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
