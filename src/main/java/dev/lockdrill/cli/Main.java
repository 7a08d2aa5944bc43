package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.repl.Pager;
import dev.lockdrill.support.LastWords;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.BufferedReader;
import java.io.Console;
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
        Session session = new Session(appFactory(), Main::askOnStdin, System.console() != null, color)
                .withPager(Pager.forProcess(System.getenv(), onATerminal(), Main::terminalHeight));
        int code;
        LastWords.expect();
        try {
            code = Cli.execute(session, args, out, err, color);
        } finally {
            LastWords.said();
            session.close();
        }
        System.exit(code);
    }

    /**
     * Whether stdin and stdout are a terminal, so a pager may take the screen. From Java 22 on,
     * System.console() is there even when they are redirected and says so with isTerminal(), which
     * Java 17 (what lockdrill compiles for) does not have.
     */
    private static boolean onATerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** Rows of the terminal stdout is on: {@code LINES}, else what the terminal says; 0 when unknown (no paging). */
    private static int terminalHeight() {
        String lines = System.getenv("LINES");
        if (lines != null && lines.strip().matches("[0-9]+")) {
            return Integer.parseInt(lines.strip());
        }
        try (Terminal system = TerminalBuilder.builder().system(true).dumb(true).build()) {
            return Math.max(0, system.getHeight());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
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
