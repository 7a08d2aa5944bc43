package dev.lockdrill.repl;

import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.support.Text;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.terminal.impl.DumbTerminal;
import org.jline.utils.AttributedString;
import org.jline.utils.InfoCmp;
import org.jline.utils.NonBlockingReader;
import org.jline.utils.Status;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Terminal access for commands that talk with the learner (drills, practice): the REPL's own
 * JLine terminal and line reader, or a terminal opened for one command — the system terminal, or
 * a dumb one when input is not a terminal. The countdown goes on JLine's status line where the
 * terminal has one.
 */
public final class TerminalConsole implements DrillConsole, AutoCloseable {
    private final Terminal terminal;
    private final LineReader reader;
    private final boolean color;
    private final boolean owned;
    private Status status;
    private Attributes lineMode;
    private boolean closed;

    private TerminalConsole(Terminal terminal, LineReader reader, boolean color, boolean owned) {
        this.terminal = terminal;
        this.reader = reader;
        this.color = color;
        this.owned = owned;
    }

    @Override
    public int width() {
        int width = terminal.getWidth();
        return width > 0 ? Math.max(Text.MIN_WIDTH, width) : Text.DEFAULT_WIDTH;
    }

    /** The REPL's terminal and reader; closing the console leaves them open. */
    public static TerminalConsole shared(Terminal terminal, LineReader reader, boolean color) {
        return new TerminalConsole(terminal, reader, color, false);
    }

    /** A console over {@code terminal} that closes it when closed. */
    public static TerminalConsole owning(Terminal terminal, boolean color) {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("lockdrill").build();
        return new TerminalConsole(terminal, reader, color, true);
    }

    /** A dumb terminal over the given streams (no status line, no colour): pipes, CI, tests. */
    public static TerminalConsole dumb(InputStream in, OutputStream out) {
        try {
            return owning(new DumbTerminal(in, out), false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a terminal", e);
        }
    }

    /** For a one-shot command: the system terminal when there is one, else a dumb terminal on stdin/stdout. */
    public static TerminalConsole forProcess(boolean interactive, boolean color) {
        if (!interactive) {
            return dumb(new FilterInputStream(System.in) {
                @Override
                public void close() {
                    // stdin belongs to the process
                }
            }, new FilterOutputStream(System.out) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            });
        }
        try {
            return owning(TerminalBuilder.builder().name("lockdrill").system(true).build(), color);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the terminal", e);
        }
    }

    @Override
    public PrintWriter out() {
        return terminal.writer();
    }

    @Override
    public void page(String screen) {
        if (dumb() || !Pager.forTerminal(System.getenv(), terminal).show(screen)) {
            terminal.writer().print(screen);
            terminal.writer().flush();
        }
    }

    /** Reads a line without adding it to the shell's history (answers and grades are not commands). */
    @Override
    public String readLine(String prompt) {
        Object history = reader.getVariable(LineReader.DISABLE_HISTORY);
        reader.setVariable(LineReader.DISABLE_HISTORY, true);
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        } finally {
            reader.setVariable(LineReader.DISABLE_HISTORY, history == null ? false : history);
        }
    }

    @Override
    public int readKey(long timeoutMillis) {
        terminal.writer().flush();
        try {
            int c = terminal.reader().read(timeoutMillis);
            return c == NonBlockingReader.READ_EXPIRED ? TIMEOUT : c < 0 ? EOF : c;
        } catch (IOException e) {
            return EOF;
        }
    }

    @Override
    public void keys(boolean on) {
        if (on && lineMode == null) {
            lineMode = terminal.enterRawMode();
            Attributes raw = terminal.getAttributes();
            raw.setLocalFlag(Attributes.LocalFlag.ISIG, false);
            terminal.setAttributes(raw);
        } else if (!on && lineMode != null) {
            terminal.setAttributes(lineMode);
            lineMode = null;
        }
    }

    @Override
    public boolean singleKeys() {
        return !dumb();
    }

    @Override
    public boolean hasStatusLine() {
        return !dumb() && terminal.getStringCapability(InfoCmp.Capability.change_scroll_region) != null;
    }

    private boolean dumb() {
        return Terminal.TYPE_DUMB.equals(terminal.getType()) || Terminal.TYPE_DUMB_COLOR.equals(terminal.getType());
    }

    @Override
    public void status(String text) {
        if (hasStatusLine()) {
            if (status == null) {
                status = Status.getStatus(terminal);
            }
            status.update(List.of(new AttributedString(text)));
        }
    }

    @Override
    public void clearStatus() {
        if (status != null) {
            status.update(List.of());
            status = null;
        }
    }

    @Override
    public boolean color() {
        return color;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        clearStatus();
        terminal.writer().flush();
        if (owned) {
            try {
                terminal.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the terminal", e);
            }
        }
    }
}
