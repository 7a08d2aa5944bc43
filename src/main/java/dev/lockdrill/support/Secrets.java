package dev.lockdrill.support;

import java.util.regex.Pattern;

/**
 * Removes secrets from any text we show or store: JDBC URLs ({@code ?password=...},
 * {@code sslpassword=...}), libpq URIs ({@code postgresql://user:secret@host}), libpq key=value
 * strings ({@code password=secret}, quoted or not), and the same inside drivers' messages.
 */
public final class Secrets {
    public static final String MASK = "***";
    /** Parameter names whose value is a secret, in URLs and in key=value connection strings. */
    private static final String SECRET_KEYS = "password|sslpassword|sslkeypassword|sslkey_password|passwd|pwd";
    private static final Pattern QUOTED_PARAM = Pattern.compile("(?i)\\b((?:" + SECRET_KEYS + ")\\s*=\\s*)'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern PARAM = Pattern.compile("(?i)\\b((?:" + SECRET_KEYS + ")\\s*=\\s*)(?!\\*\\*\\*)[^&;\\s'\"]+");
    /** user:secret@ in any URI; the secret may hold '/', ':' or '@', so it runs to the last '@' of the URI. */
    private static final Pattern USER_INFO = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\\s\"'<>]*):[^\\s\"'<>]*@");

    private Secrets() {
    }

    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        String out = QUOTED_PARAM.matcher(text).replaceAll("$1'" + MASK + "'");
        out = PARAM.matcher(out).replaceAll("$1" + MASK);
        return USER_INFO.matcher(out).replaceAll("$1:" + MASK + "@");
    }

    /** True when the text holds something {@link #redact} would hide. */
    public static boolean holdsSecret(String text) {
        return text != null && !redact(text).equals(text);
    }
}
