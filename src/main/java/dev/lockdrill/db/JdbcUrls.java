package dev.lockdrill.db;

import dev.lockdrill.support.Secrets;

/** Shows JDBC URLs (and libpq URIs) without their secrets. */
public final class JdbcUrls {
    private JdbcUrls() {
    }

    public static String redact(String url) {
        return Secrets.redact(url);
    }
}
