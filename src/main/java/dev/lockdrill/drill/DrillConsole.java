package dev.lockdrill.drill;

import dev.lockdrill.support.Text;

import java.io.PrintWriter;

/**
 * What a drill needs from the terminal: a writer, line input, single keys with a timeout, and a
 * status line for the countdown where the terminal has one. The REPL's JLine terminal and a
 * one-shot terminal (system or dumb) both provide it.
 */
public interface DrillConsole {
    /** {@link #readKey} found no key within the timeout. */
    int TIMEOUT = -2;
    /** {@link #readKey} or {@link #readLine} hit the end of the input. */
    int EOF = -1;

    PrintWriter out();

    /** A line typed after {@code prompt}; null at end of input (Ctrl-D, closed stdin). */
    String readLine(String prompt);

    /** The next character, {@link #TIMEOUT} after {@code timeoutMillis}, or {@link #EOF}; see {@link #keys}. */
    int readKey(long timeoutMillis);

    /**
     * Switches single-key input on (raw mode: keys arrive one by one, are not echoed, and Ctrl-C
     * arrives as the character 3 instead of a signal, so a read can time out) or back to line input.
     * Call with {@code false} when done reading keys.
     */
    void keys(boolean on);

    /**
     * Whether keys reach {@link #readKey} as they are pressed, so a y/n or a rating can be answered
     * with one key: a real terminal. False on a dumb terminal or piped input, where what is typed
     * arrives a line at a time and questions are answered with {@link #readLine}.
     */
    default boolean singleKeys() {
        return false;
    }

    /** Whether {@link #status} shows a line at the bottom of the screen (false on a dumb terminal). */
    boolean hasStatusLine();

    void status(String text);

    void clearStatus();

    boolean color();

    /** Shows a screen that must not scroll away (a model answer): paged where the terminal pages, else printed. */
    default void page(String screen) {
        out().print(screen);
        out().flush();
    }

    /** This console with every screen printed as it comes ({@code --no-pager}). */
    default DrillConsole withoutPager() {
        return new Unpaged(this);
    }

    /** Columns to lay text out in. */
    default int width() {
        return Text.DEFAULT_WIDTH;
    }
}
