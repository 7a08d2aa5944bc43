package dev.lockdrill.repl;

import org.jline.terminal.Terminal;
import org.jline.utils.Signals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Shows a screen longer than the terminal a page at a time, as git does: through {@code $LOCKDRILL_PAGER},
 * else {@code $PAGER}, else {@code less -FRX} (quits at once when the text fits, keeps colours, leaves
 * the text on the screen). Only on a real terminal; {@code LOCKDRILL_PAGER=never} (or {@code cat}, or
 * empty) turns it off, as {@code --no-pager} does for one command.
 */
public final class Pager {
    /** A pager that never pages: pipes, {@code --json}, dumb terminals, tests. */
    public static final Pager NEVER = new Pager(null, null, () -> 0);
    private static final String DEFAULT = "less -FRX";
    private static final Set<String> OFF = Set.of("never", "off", "no", "false", "0", "cat");
    /** What {@code sh -c} exits with when the command is not found: the text was not shown. */
    private static final int NOT_FOUND = 127;
    private static final String SIGINT = "INT";

    private final String command;
    private final Terminal terminal;
    private final IntSupplier height;

    private Pager(String command, Terminal terminal, IntSupplier height) {
        this.command = command;
        this.terminal = terminal;
        this.height = height;
    }

    /**
     * For a one-shot command: pages when stdout is a terminal ({@code stdoutIsTerminal}) whose
     * height {@code height} reports, with the command the environment names.
     */
    public static Pager forProcess(Map<String, String> env, boolean stdoutIsTerminal, IntSupplier height) {
        String command = command(env);
        return command == null || !stdoutIsTerminal || "dumb".equals(env.get("TERM")) ? NEVER
                : new Pager(command, null, height);
    }

    /** Inside the shell: pages on its terminal (paused while the pager reads the keys), unless it is a dumb one. */
    public static Pager forTerminal(Map<String, String> env, Terminal terminal) {
        String command = command(env);
        boolean dumb = Terminal.TYPE_DUMB.equals(terminal.getType())
                || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
        return command == null || dumb ? NEVER : new Pager(command, terminal, terminal::getHeight);
    }

    /** The pager command the environment asks for; null when it turns paging off. */
    static String command(Map<String, String> env) {
        String chosen = env.containsKey("LOCKDRILL_PAGER") ? env.get("LOCKDRILL_PAGER") : env.get("PAGER");
        if (chosen == null) {
            return DEFAULT;
        }
        String trimmed = chosen.strip();
        return trimmed.isEmpty() || OFF.contains(trimmed.toLowerCase(Locale.ROOT)) ? null : trimmed;
    }

    /** Whether a screen might be paged at all (when it is not, commands print as they go). */
    public boolean enabled() {
        return command != null;
    }

    /** Whether {@code text} needs a pager: it is longer than the terminal, less the line the prompt comes back on. */
    public boolean wanted(String text) {
        int rows = height.getAsInt();
        return enabled() && rows > 0 && text.lines().count() > rows - 1;
    }

    /**
     * Shows {@code text} through the pager when it is {@link #wanted}; false when it was not shown
     * (short enough, or the pager could not be started), so the caller prints it.
     */
    public boolean show(String text) {
        if (!wanted(text)) {
            return false;
        }
        if (terminal != null) {
            terminal.writer().flush();
            try {
                // JLine's reading thread would take the keys meant for the pager
                terminal.pause(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        // Ctrl-C in less (it ends a search) also reaches lockdrill, which must not exit under the pager
        Object previous = Signals.register(SIGINT, () -> { });
        try {
            ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", command)
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT);
            // as git does: less quits when the text fits, passes colours, and leaves the text on the screen
            builder.environment().putIfAbsent("LESS", "FRX");
            Process pager = builder.start();
            try (OutputStream in = pager.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (IOException quit) {
                // the learner left the pager before reading everything: what is unread is not needed
            }
            return pager.waitFor() != NOT_FOUND;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } finally {
            Signals.unregister(SIGINT, previous);
            if (terminal != null) {
                terminal.resume();
            }
        }
    }
}
