package dev.lockdrill.db;

/**
 * The PostgreSQL server checks run against, how it was chosen, and what to stop when done
 * (a container or an embedded server; nothing for a configured URL).
 */
public record PostgresBackend(String jdbcUrl, String source, String reason, AutoCloseable resource)
        implements AutoCloseable {

    public String displayUrl() {
        return JdbcUrls.redact(jdbcUrl);
    }

    @Override
    public void close() throws Exception {
        if (resource != null) {
            resource.close();
        }
    }
}
