package dev.lockdrill.db;

import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** JDBC URLs: shown without their secrets, accepted in libpq's URI form too, built from libpq's variables. */
public final class JdbcUrls {
    public static final String EXPECTED = "jdbc:postgresql://HOST:5432/DB?user=USER (or libpq's postgresql://USER@HOST:5432/DB)";
    /** The libpq environment variables every PostgreSQL tool honours. */
    public static final List<String> LIBPQ_VARIABLES = List.of("PGHOST", "PGPORT", "PGDATABASE", "PGUSER",
            "PGPASSWORD", "PGSSLMODE");
    private static final Pattern LIBPQ_URI = Pattern.compile(
            "postgres(?:ql)?://(?:([^:@/]*)(?::(.*))?@)?([^/?]*)(?:/([^?]*))?(?:\\?(.*))?");
    private static final Pattern SECRET_PARAM = Pattern.compile(
            "(?i)(?<=[?&])(?:password|sslpassword|sslkeypassword)=[^&]*(?:&|$)");
    private static final Pattern CREDENTIAL_PARAM = Pattern.compile("(?i)(?<=[?&])(?:user|password)=[^&]*(?:&|$)");
    private static final Pattern USER_INFO = Pattern.compile("(jdbc:postgresql://)[^/@?]*@");
    private static final Pattern USER_PASSWORD = Pattern.compile("(jdbc:postgresql://[^:/@?]+):[^@/?]*@");

    /** Longer is not a URL someone meant (and the forms below are parsed by regular expressions). */
    static final int MAX_URL = 4_096;

    private JdbcUrls() {
    }

    public static String redact(String url) {
        return Secrets.redact(url);
    }

    /**
     * The URL as pgjdbc takes it: a JDBC URL as is, a libpq URI rewritten; anything else is refused
     * with a sentence that shows the expected form.
     */
    public static String normalize(String url) {
        DriverLog.off();
        String trimmed = url.trim();
        if (trimmed.length() > MAX_URL) {
            throw LockdrillException.usage("The PostgreSQL URL is " + trimmed.length() + " characters long; one of at "
                    + "most " + MAX_URL + " is expected, such as " + EXPECTED + ".");
        }
        if (trimmed.startsWith("jdbc:postgresql:")) {
            if (org.postgresql.Driver.parseURL(trimmed, null) == null) {
                throw LockdrillException.usage("'" + Secrets.redact(trimmed) + "' is not a URL the PostgreSQL driver "
                        + "can read; write it as " + EXPECTED + ".");
            }
            return trimmed;
        }
        Matcher m = LIBPQ_URI.matcher(trimmed);
        if (!m.matches()) {
            throw LockdrillException.usage("'" + Secrets.redact(trimmed) + "' is not a PostgreSQL URL; write it as "
                    + EXPECTED + ".");
        }
        List<String> params = new ArrayList<>();
        if (m.group(1) != null && !m.group(1).isEmpty()) {
            params.add("user=" + m.group(1));
        }
        if (m.group(2) != null) {
            params.add("password=" + m.group(2));
        }
        if (m.group(5) != null && !m.group(5).isEmpty()) {
            params.add(m.group(5));
        }
        String host = m.group(3).isEmpty() ? "localhost" : m.group(3);
        String db = m.group(4) == null ? "" : m.group(4);
        return "jdbc:postgresql://" + host + "/" + db + (params.isEmpty() ? "" : "?" + String.join("&", params));
    }

    /** A JDBC URL from libpq's variables, or null when none of PGHOST, PGPORT, PGDATABASE, PGUSER is set. */
    public static String fromLibpq(Map<String, String> env, String osUser) {
        if (List.of("PGHOST", "PGPORT", "PGDATABASE", "PGUSER").stream().allMatch(k -> blank(env.get(k)))) {
            return null;
        }
        String host = blank(env.get("PGHOST")) || env.get("PGHOST").startsWith("/") ? "localhost" : env.get("PGHOST");
        String port = blank(env.get("PGPORT")) ? "5432" : env.get("PGPORT");
        String user = blank(env.get("PGUSER")) ? osUser : env.get("PGUSER");
        String db = blank(env.get("PGDATABASE")) ? user : env.get("PGDATABASE");
        return libpqUrl(env, host, port, user, db);
    }

    /** A JDBC URL to this server, role and database, with PGPASSWORD and PGSSLMODE when they are set. */
    static String libpqUrl(Map<String, String> env, String host, String port, String user, String db) {
        StringBuilder url = new StringBuilder("jdbc:postgresql://" + host + ":" + port + "/" + db + "?user="
                + encode(user));
        if (!blank(env.get("PGPASSWORD"))) {
            url.append("&password=").append(encode(env.get("PGPASSWORD")));
        }
        if (!blank(env.get("PGSSLMODE"))) {
            url.append("&sslmode=").append(encode(env.get("PGSSLMODE")));
        }
        return url.toString();
    }

    /**
     * The URL without its secrets (password parameters, user:password@), to be stored: the password
     * then comes from PGPASSWORD or ~/.pgpass.
     */
    public static String withoutSecrets(String url) {
        String out = SECRET_PARAM.matcher(url).replaceAll("").replaceFirst("[?&]$", "");
        out = out.replaceFirst("\\?&", "?");
        return USER_PASSWORD.matcher(out).replaceFirst("$1@");
    }

    /**
     * The same server and database as another role: the URL's own user and password (parameters
     * or {@code user:password@}) replaced by these.
     */
    public static String asUser(String url, String user, String password) {
        String out = CREDENTIAL_PARAM.matcher(url).replaceAll("").replaceFirst("[?&]$", "").replaceFirst("\\?&", "?");
        out = USER_INFO.matcher(out).replaceFirst("$1");
        return out + (out.contains("?") ? "&" : "?") + "user=" + encode(user) + "&password=" + encode(password);
    }

    /** The URL with PGPASSWORD's value added when it names no password itself. */
    static String withPassword(String url, String password) {
        if (password == null || password.isBlank() || url.matches("(?i).*[?&]password=.*")) {
            return url;
        }
        return url + (url.contains("?") ? "&" : "?") + "password=" + encode(password);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
