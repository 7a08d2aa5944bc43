package dev.lockdrill.runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads lines of at most {@link #MAX_LINE} bytes (the rest of a longer line is dropped) and
 * decodes them leniently, so that one endless or invalid line cannot exhaust the parent's memory
 * or hide what came after it.
 */
final class BoundedLines {
    static final int MAX_LINE = 1 << 20;

    private final InputStream in;
    private final byte[] line = new byte[MAX_LINE];

    BoundedLines(InputStream in) {
        this.in = in;
    }

    /** The next line without its end, or null at the end of the stream. */
    String next() throws IOException {
        int length = 0;
        boolean any = false;
        int b;
        while ((b = in.read()) >= 0) {
            any = true;
            if (b == '\n') {
                break;
            }
            if (length < MAX_LINE) {
                line[length++] = (byte) b;
            }
        }
        if (!any) {
            return null;
        }
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }
}
