package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Chooses the PostgreSQL backend, in this order: a URL given with --jdbc-url or
 * LOCKDRILL_JDBC_URL (JDBC or libpq URI form); libpq's variables (PGHOST, PGPORT, PGDATABASE,
 * PGUSER, PGPASSWORD); a Testcontainers container when a Docker environment is available; an
 * embedded PostgreSQL (zonky) when not running as root; otherwise an error that lists the options.
 */
public final class BackendSelector {
    public static final String URL_ENV = "LOCKDRILL_JDBC_URL";
    public static final String LIBPQ = "PGHOST";
    static final String NO_BACKEND = "No PostgreSQL available for the checks. Choose one: (1) point lockdrill at a "
            + "server with PGHOST=HOST PGUSER=USER (libpq's variables), LOCKDRILL_JDBC_URL="
            + "jdbc:postgresql://HOST:5432/DB?user=USER or --jdbc-url; "
            + "(2) start Docker so Testcontainers can run PostgreSQL for you; or (3) run as a non-root user, "
            + "so lockdrill can start an embedded PostgreSQL (it refuses to run as root).";

    private final Map<String, String> env;
    private final String userName;

    public BackendSelector(Map<String, String> env, String userName) {
        this.env = env;
        this.userName = userName;
    }

    public String userName() {
        return userName;
    }

    public static BackendSelector fromEnvironment() {
        return new BackendSelector(System.getenv(), System.getProperty("user.name"));
    }

    /** Says which backend would be used, without starting one. */
    public BackendChoice choose(String flagUrl) {
        if (flagUrl != null && !flagUrl.isBlank()) {
            return new BackendChoice("--jdbc-url", "--jdbc-url was given: " + JdbcUrls.redact(flagUrl), true);
        }
        String envUrl = env.get(URL_ENV);
        if (envUrl != null && !envUrl.isBlank()) {
            return new BackendChoice(URL_ENV, URL_ENV + " is set: " + JdbcUrls.redact(envUrl), true);
        }
        String libpq = JdbcUrls.fromLibpq(env, userName);
        if (libpq != null) {
            return new BackendChoice(LIBPQ, "libpq's variables are set (" + String.join(", ",
                    JdbcUrls.LIBPQ_VARIABLES.stream().filter(k -> env.get(k) != null && !env.get(k).isBlank()).toList())
                    + "): " + JdbcUrls.redact(libpq), true);
        }
        if (dockerLikelyAvailable()) {
            return new BackendChoice("testcontainers", "no URL is set and a Docker environment was found", true);
        }
        if (!"root".equals(userName)) {
            return new BackendChoice("embedded", "no URL is set, no Docker; running as '" + userName
                    + "', so an embedded PostgreSQL can start", true);
        }
        return new BackendChoice("none", "no URL is set, no Docker, and embedded PostgreSQL refuses to run as root",
                false);
    }

    /** Starts (or points at) the chosen backend. */
    public PostgresBackend open(String flagUrl) {
        BackendChoice choice = choose(flagUrl);
        switch (choice.source()) {
            case "--jdbc-url":
                return new PostgresBackend(JdbcUrls.normalize(flagUrl), choice.source(), choice.reason(), null);
            case URL_ENV:
                return new PostgresBackend(JdbcUrls.normalize(env.get(URL_ENV)), choice.source(), choice.reason(), null);
            case LIBPQ:
                return new PostgresBackend(JdbcUrls.fromLibpq(env, userName), choice.source(), choice.reason(), null);
            case "testcontainers":
                return ContainerBackend.start(choice.reason());
            case "embedded":
                return EmbeddedBackend.start(choice.reason());
            default:
                throw new LockdrillException(NO_BACKEND, ExitCodes.USAGE);
        }
    }

    private boolean dockerLikelyAvailable() {
        String host = env.get("DOCKER_HOST");
        return (host != null && !host.isBlank()) || Files.exists(Path.of("/var/run/docker.sock"));
    }
}
