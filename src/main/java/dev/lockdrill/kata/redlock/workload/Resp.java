package dev.lockdrill.kata.redlock.workload;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one value of the Redis protocol (RESP2 and RESP3, and inline commands) from a stream,
 * keeping the raw bytes so a proxy can forward them unchanged. Values: String, Long, List, null.
 */
final class Resp {
    /** What a value reads as: its parsed form and whether it was an error reply. */
    record Value(Object parsed, boolean error, boolean push) {
    }

    private Resp() {
    }

    /** The next value, or null at a clean end of stream. */
    static Value read(InputStream in, ByteArrayOutputStream raw) throws IOException {
        int type = in.read();
        if (type < 0) {
            return null;
        }
        raw.write(type);
        return value(type, in, raw);
    }

    private static Value value(int type, InputStream in, ByteArrayOutputStream raw) throws IOException {
        switch (type) {
            case '+', ',', '(', '#' -> {
                return new Value(line(in, raw), false, false);
            }
            case '-' -> {
                return new Value(line(in, raw), true, false);
            }
            case ':' -> {
                return new Value(Long.parseLong(line(in, raw).trim()), false, false);
            }
            case '_' -> {
                line(in, raw);
                return new Value(null, false, false);
            }
            case '$', '=', '!' -> {
                int length = Integer.parseInt(line(in, raw).trim());
                if (length < 0) {
                    return new Value(null, false, false);
                }
                byte[] bytes = in.readNBytes(length + 2);
                if (bytes.length < length + 2) {
                    throw new EOFException("stream ended inside a bulk string");
                }
                raw.write(bytes);
                return new Value(new String(bytes, 0, length, StandardCharsets.UTF_8), type == '!', false);
            }
            case '*', '~', '>', '%', '|' -> {
                int count = Integer.parseInt(line(in, raw).trim());
                if (count < 0) {
                    return new Value(null, false, false);
                }
                int elements = type == '%' || type == '|' ? 2 * count : count;
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < elements; i++) {
                    int next = in.read();
                    if (next < 0) {
                        throw new EOFException("stream ended inside an aggregate");
                    }
                    raw.write(next);
                    items.add(value(next, in, raw).parsed());
                }
                if (type == '|') {
                    int next = in.read();
                    raw.write(next);
                    return value(next, in, raw);
                }
                return new Value(items, false, type == '>');
            }
            default -> {
                String rest = line(in, raw);
                String inline = (char) type + rest;
                return new Value(new ArrayList<Object>(Arrays.asList(inline.trim().split("\\s+"))), false, false);
            }
        }
    }

    private static String line(InputStream in, ByteArrayOutputStream raw) throws IOException {
        StringBuilder out = new StringBuilder();
        int previous = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("stream ended inside a line");
            }
            raw.write(b);
            if (previous == '\r' && b == '\n') {
                out.setLength(out.length() - 1);
                return out.toString();
            }
            out.append((char) b);
            previous = b;
        }
    }

    /** A short printable form of a reply. */
    static String render(Value value) {
        if (value.parsed() == null) {
            return "nil";
        }
        String text = value.parsed().toString();
        return (value.error() ? "ERR " : "") + (text.length() > 80 ? text.substring(0, 80) + "…" : text);
    }
}
