package dev.lockdrill.support;

import java.util.List;

/**
 * Removes secrets from any text we show or store: JDBC URLs ({@code ?password=...},
 * {@code sslpassword=...}), libpq URIs ({@code postgresql://user:secret@host}), libpq key=value
 * strings ({@code password=secret}, quoted or not), and the same inside drivers' messages.
 *
 * <p>The text is often not ours (a learner's exception message, a typed argument), so it is read
 * by two hand-written scans that each look at every character a bounded number of times: time
 * grows with the text's length, never with its square (a regular expression that backtracks took
 * minutes on a long run of letters).
 */
public final class Secrets {
    public static final String MASK = "***";
    /** Parameter names whose value is a secret, in URLs and in key=value connection strings. */
    private static final List<String> SECRET_KEYS = List.of("password", "sslpassword", "sslkeypassword",
            "sslkey_password", "passwd", "pwd");
    /** Characters that end a URI or a bare value (as they do in JSON, quotes and prose). */
    private static final String URI_END = "\"'<>";

    private Secrets() {
    }

    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        return redactUserInfo(redactParameters(text));
    }

    /** True when the text holds something {@link #redact} would hide. */
    public static boolean holdsSecret(String text) {
        return text != null && !redact(text).equals(text);
    }

    /**
     * {@code password=value} (any of the secret keys, any case, spaces around '=') with the value
     * masked: a quoted value up to its closing quote ({@code \'} escapes one), else up to the next
     * {@code & ; ' "} or space. A quote never closed is masked up to the line or JSON string it is in.
     */
    private static String redactParameters(String text) {
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        int n = text.length();
        // a quote opened at or after unclosedFrom is known not to close before unclosedTo (its line's end)
        int unclosedFrom = -1;
        int unclosedTo = -1;
        while (i < n) {
            int keyEnd = i > 0 && isWordChar(text.charAt(i - 1)) ? -1 : secretKeyEnd(text, i);
            if (keyEnd < 0) {
                i++;
                continue;
            }
            int eq = skipSpaces(text, keyEnd);
            if (eq >= n || text.charAt(eq) != '=') {
                i = keyEnd;
                continue;
            }
            int value = skipSpaces(text, eq + 1);
            if (value < n && text.charAt(value) == '\'') {
                int start = value + 1;
                boolean knownUnclosed = start > unclosedFrom && start <= unclosedTo;
                int close = knownUnclosed ? -1 : closingQuote(text, start);
                if (close < 0 && !knownUnclosed) {
                    unclosedFrom = start;
                    unclosedTo = lineEnd(text, start);
                }
                int end = close >= 0 ? close : firstDoubleQuote(text, start, unclosedTo);
                out = append(out, text, copied, start).append(MASK);
                copied = end;
                i = close >= 0 ? close + 1 : end;
                continue;
            }
            int end = value;
            while (end < n && !endsBareValue(text.charAt(end))) {
                end++;
            }
            if (end > value && !text.startsWith(MASK, value)) {
                out = append(out, text, copied, value).append(MASK);
                copied = end;
            }
            i = Math.max(end, keyEnd);
        }
        return out == null ? text : out.append(text, copied, n).toString();
    }

    /**
     * {@code scheme://user:secret@host} with the secret masked. The secret may hold '/', ':' or
     * '@', so it runs to the last '@' of the URI (a run of characters without spaces or quotes).
     */
    private static String redactUserInfo(String text) {
        StringBuilder out = null;
        int copied = 0;
        int n = text.length();
        int uriStart = -1;
        int uriEnd = -1;
        int lastAt = -1;
        int from = 0;
        int sep;
        while ((sep = text.indexOf("://", from)) >= 0) {
            from = sep + 1;
            int scheme = sep;
            while (scheme > copied && isSchemeChar(text.charAt(scheme - 1))) {
                scheme--;
            }
            while (scheme < sep && !isLetter(text.charAt(scheme))) {
                scheme++;
            }
            if (scheme == sep) {
                continue;
            }
            int colon = sep + 3;
            while (colon < n && !endsUser(text.charAt(colon))) {
                colon++;
            }
            if (colon >= n || text.charAt(colon) != ':') {
                continue;
            }
            if (colon >= uriEnd || colon < uriStart) {
                uriStart = colon;
                uriEnd = colon;
                lastAt = -1;
                while (uriEnd < n && !endsUri(text.charAt(uriEnd))) {
                    if (text.charAt(uriEnd) == '@') {
                        lastAt = uriEnd;
                    }
                    uriEnd++;
                }
            }
            if (lastAt <= colon) {
                continue;
            }
            out = append(out, text, copied, colon).append(':').append(MASK).append('@');
            copied = lastAt + 1;
            from = copied;
        }
        return out == null ? text : out.append(text, copied, n).toString();
    }

    /** The index after a secret key starting at {@code i} (any case), or -1. */
    private static int secretKeyEnd(String text, int i) {
        char c = Character.toLowerCase(text.charAt(i));
        if (c != 'p' && c != 's') {
            return -1;
        }
        for (String key : SECRET_KEYS) {
            if (text.regionMatches(true, i, key, 0, key.length())) {
                return i + key.length();
            }
        }
        return -1;
    }

    /**
     * The closing quote of a quoted value whose text starts at {@code from} ({@code \\} escapes the
     * next character), or -1 when none comes before the line ends.
     */
    private static int closingQuote(String text, int from) {
        int n = text.length();
        for (int i = from; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\'') {
                return i;
            }
            if (c == '\n') {
                return -1;
            }
            if (c == '\\' && i + 1 < n && text.charAt(i + 1) != '\n') {
                i++;
            }
        }
        return -1;
    }

    /**
     * Where a quoted value never closed ends: at the first unescaped double quote (the end of the
     * JSON string it sits in), else at {@code limit}.
     */
    private static int firstDoubleQuote(String text, int from, int limit) {
        for (int i = from; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i + 1 < limit) {
                i++;
            }
        }
        return limit;
    }

    private static int lineEnd(String text, int from) {
        int newline = text.indexOf('\n', from);
        return newline < 0 ? text.length() : newline;
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static StringBuilder append(StringBuilder out, String text, int from, int to) {
        StringBuilder b = out == null ? new StringBuilder(text.length()) : out;
        return b.append(text, from, to);
    }

    private static boolean isWordChar(char c) {
        return isLetter(c) || c >= '0' && c <= '9' || c == '_';
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isSchemeChar(char c) {
        return isLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-';
    }

    private static boolean endsBareValue(char c) {
        return c == '&' || c == ';' || c == '\'' || c == '"' || Character.isWhitespace(c);
    }

    private static boolean endsUser(char c) {
        return c == ':' || c == '/' || c == '@' || endsUri(c);
    }

    private static boolean endsUri(char c) {
        return Character.isWhitespace(c) || URI_END.indexOf(c) >= 0;
    }
}
