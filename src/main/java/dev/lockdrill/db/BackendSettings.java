package dev.lockdrill.db;

/**
 * The workbook's settings, as stored in {@code .lockdrill/settings.json}: the PostgreSQL URL chosen
 * with {@code backend --jdbc-url} (never with a password: that comes from PGPASSWORD or ~/.pgpass)
 * and the image the Testcontainers backend runs. A missing field means "not chosen".
 */
public record BackendSettings(String jdbcUrl, String postgresImage) {
    public static BackendSettings empty() {
        return new BackendSettings(null, null);
    }

    public BackendSettings withJdbcUrl(String url) {
        return new BackendSettings(url, postgresImage);
    }
}
