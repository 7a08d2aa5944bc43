package dev.lockdrill.drill;

import dev.lockdrill.support.LockdrillException;

import dev.lockdrill.support.Text;

import java.io.PrintWriter;
import java.util.List;

/**
 * Asks for a short answer (y/n, a rating): one key, taken at once and echoed, where the terminal
 * sends keys as they are pressed; otherwise a typed line, as on a dumb terminal or piped input.
 * Either way the caller gets the answer as text and judges it the same way; Ctrl-C, Ctrl-D or the
 * end of the input stop the drill with {@link DrillSession#STOPPED}.
 */
final class OneKeyPrompt {
    private static final int CTRL_C = 3;
    private static final int CTRL_D = 4;
    private static final int ESC = 27;
    /** How long the rest of an escape sequence (an arrow key) may take to arrive. */
    private static final long SEQUENCE_MILLIS = 50;
    private static final long WAIT_MILLIS = 1000;

    private final DrillConsole console;

    OneKeyPrompt(DrillConsole console) {
        this.console = console;
    }

    /**
     * The answer to {@code question}: the key pressed ("" for Enter, which echoes {@code enterMeans}),
     * or the line typed. A question too long for the screen, with room for the answer, is wrapped;
     * its last line is the prompt.
     */
    String ask(String question, String enterMeans) {
        PrintWriter out = console.out();
        String prompt = question;
        int room = console.width() - Math.max(enterMeans.length(), 4) - 1;
        if (Text.visible(question) > room) {
            List<String> lines = Text.wrap(question.strip(), room, "");
            lines.subList(0, lines.size() - 1).forEach(out::println);
            prompt = lines.get(lines.size() - 1) + " ";
        }
        if (!console.singleKeys()) {
            out.flush();
            String line = console.readLine(prompt);
            if (line == null) {
                throw stopped();
            }
            return line;
        }
        out.print(prompt);
        out.flush();
        int key;
        console.keys(true);
        try {
            key = nextKey();
        } finally {
            console.keys(false);
        }
        if (key == CTRL_C || key == CTRL_D || key == DrillConsole.EOF) {
            throw stopped();
        }
        boolean enter = key == '\r' || key == '\n';
        out.println(enter ? enterMeans : Character.toString(key));
        out.flush();
        return enter ? "" : Character.toString(key);
    }

    /** The next key that is an answer or a stop; arrow keys and other escape sequences are skipped. */
    private int nextKey() {
        while (true) {
            int key = console.readKey(WAIT_MILLIS);
            if (key == DrillConsole.TIMEOUT) {
                continue;
            }
            if (key == ESC) {
                while (console.readKey(SEQUENCE_MILLIS) >= 0) {
                    // the rest of the sequence
                }
                continue;
            }
            if (key >= ' ' || key == '\r' || key == '\n' || key == CTRL_C || key == CTRL_D || key == DrillConsole.EOF) {
                return key;
            }
        }
    }

    private LockdrillException stopped() {
        console.out().println();
        console.out().flush();
        return LockdrillException.usage(DrillSession.STOPPED);
    }
}
