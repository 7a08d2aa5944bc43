package dev.lockdrill.cli;

import java.io.IOException;
import java.io.Writer;
import java.util.regex.Pattern;

/**
 * What commands print inside the shell, where commands are typed without the program's name: a
 * hint such as "`lockdrill show fencing-token`" reads "`show fencing-token`", and the replay line
 * "replay: check …". Works line by line, so a name is never split between two writes. Text that is
 * the learner's own (their file, in compare's diff) is written {@link #verbatim}: never rewritten.
 */
final class ShellWriter extends Writer {
    private static final Pattern QUOTED = Pattern.compile("`(?:\\./)?lockdrill (?=[a-z-])");
    private static final Pattern REPLAY = Pattern.compile("replay: (?:\\./)?lockdrill (?=[a-z-])");
    private final Writer target;
    private final StringBuilder pending = new StringBuilder();
    private boolean verbatim;

    ShellWriter(Writer target) {
        this.target = target;
    }

    /** The text as the shell prints it. */
    static String rewrite(String text) {
        if (!text.contains("lockdrill ")) {
            return text;
        }
        return REPLAY.matcher(QUOTED.matcher(text).replaceAll("`")).replaceAll("replay: ");
    }

    /** Runs {@code print}, whose lines are passed on exactly as written. */
    synchronized void verbatim(Runnable print) throws IOException {
        emit();
        verbatim = true;
        try {
            print.run();
            emit();
        } finally {
            verbatim = false;
        }
    }

    @Override
    public synchronized void write(char[] buffer, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            pending.append(buffer[i]);
            if (buffer[i] == '\n') {
                emit();
            }
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        emit();
        target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
    }

    private void emit() throws IOException {
        if (pending.length() > 0) {
            target.write(verbatim ? pending.toString() : rewrite(pending.toString()));
            pending.setLength(0);
        }
    }
}
