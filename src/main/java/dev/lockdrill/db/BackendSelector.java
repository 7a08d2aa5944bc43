package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the PostgreSQL backend, in this order: a URL given with --jdbc-url; the URL chosen in this
 * shell with {@code backend --jdbc-url}; LOCKDRILL_JDBC_URL (JDBC or libpq URI form); libpq's
 * variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD); the URL saved in the workbook's
 * settings; libpq's defaults, where {@code psql} with no arguments connects ({@link LocalServer});
 * a Testcontainers container when a Docker environment is available; an embedded PostgreSQL
 * (zonky's binaries; as root it runs as an unprivileged account, {@link EmbeddedAccount}); otherwise
 * an error that lists the options.
 */
public final class BackendSelector {
    public static final String URL_ENV = "LOCKDRILL_JDBC_URL";
    public static final String LIBPQ = "PGHOST";
    public static final String SESSION = "backend";
    public static final String SAVED = "settings";
    public static final String DEFAULTS = "libpq-defaults";
    /** The automatic order after --jdbc-url, as help texts state it. */
    public static final String ORDER = "LOCKDRILL_JDBC_URL, then libpq's variables (PGHOST, PGPORT, PGDATABASE, "
            + "PGUSER, PGPASSWORD), then the URL saved with `backend --jdbc-url`, then libpq's defaults as psql "
            + "uses them (localhost:5432 with the OS user as role and database and a password from the pgpass "
            + "file), then Testcontainers when Docker is available, then an embedded PostgreSQL (as root, run as "
            + "'nobody')";
    static final String NO_BACKEND = "No PostgreSQL available for the checks (%s). Choose one: (1) point lockdrill "
            + "at a server with PGHOST=HOST PGUSER=USER (libpq's variables), LOCKDRILL_JDBC_URL="
            + "jdbc:postgresql://HOST:5432/DB?user=USER or --jdbc-url; "
            + "(2) start Docker so Testcontainers can run PostgreSQL for you; or (3) let lockdrill start an "
            + "embedded PostgreSQL: run it as a non-root user, or as root install setpriv (util-linux) so the "
            + "server runs as 'nobody'.";

    private final Map<String, String> env;
    private final String userName;
    private final BackendSettings saved;
    private final String sessionUrl;
    private final LocalServer.Probe localServer;
    private final Supplier<EmbeddedAccount.Resolution> embedded;

    /** A selector for this environment alone: libpq's defaults are not tried (no server is probed). */
    public BackendSelector(Map<String, String> env, String userName) {
        this(env, userName, BackendSettings.empty(), null, LocalServer.Probe.NONE);
    }

    /** As {@link #BackendSelector(Map, String)}, with libpq's defaults tried through this probe. */
    public BackendSelector(Map<String, String> env, String userName, LocalServer.Probe localServer) {
        this(env, userName, BackendSettings.empty(), null, localServer);
    }

    public BackendSelector(Map<String, String> env, String userName, BackendSettings saved, String sessionUrl) {
        this(env, userName, saved, sessionUrl, LocalServer.Probe.NONE, EmbeddedAccount::forThisProcess);
    }

    private BackendSelector(Map<String, String> env, String userName, BackendSettings saved, String sessionUrl,
                            LocalServer.Probe localServer) {
        this(env, userName, saved, sessionUrl, localServer, EmbeddedAccount::forThisProcess);
    }

    private BackendSelector(Map<String, String> env, String userName, BackendSettings saved, String sessionUrl,
                            LocalServer.Probe localServer, Supplier<EmbeddedAccount.Resolution> embedded) {
        this.env = env;
        this.userName = userName;
        this.saved = saved == null ? BackendSettings.empty() : saved;
        this.sessionUrl = sessionUrl;
        this.localServer = localServer;
        this.embedded = embedded;
    }

    /** The same order with the embedded server run as {@code embedded} says (tests: a machine that cannot). */
    public BackendSelector withEmbedded(Supplier<EmbeddedAccount.Resolution> embedded) {
        return new BackendSelector(env, userName, saved, sessionUrl, localServer, embedded);
    }

    public String userName() {
        return userName;
    }

    public static BackendSelector fromEnvironment() {
        return new BackendSelector(System.getenv(), System.getProperty("user.name"), LocalServer::connect);
    }

    /** The same environment with the workbook's settings and the shell's own choice (null: none). */
    public BackendSelector with(BackendSettings settings, String chosenInSession) {
        return new BackendSelector(env, userName, settings, chosenInSession, localServer, embedded);
    }

    /** The PgBouncer the pooled scenarios run through, if one is installed (and not turned off). */
    public Optional<Path> pgBouncer() {
        return PgBouncer.executable(env);
    }

    /** Why no pooler runs, when {@link #pgBouncer()} is empty. */
    public String noPgBouncer() {
        return PgBouncer.absence(env);
    }

    /** The image the Testcontainers backend runs. */
    public PostgresImage image() {
        return PostgresImage.choose(env, saved.postgresImage());
    }

    /** Says which backend would be used, without starting one. */
    public BackendChoice choose(String flagUrl) {
        if (flagUrl != null && flagUrl.isBlank()) {
            throw LockdrillException.usage("--jdbc-url was given an empty URL; give one such as " + JdbcUrls.EXPECTED
                    + ", or leave the option out to use the backend `lockdrill backend` shows.");
        }
        if (present(flagUrl)) {
            return new BackendChoice("--jdbc-url", "--jdbc-url was given: " + JdbcUrls.redact(flagUrl), true);
        }
        if (present(sessionUrl)) {
            return new BackendChoice(SESSION, "chosen in this shell with `backend --jdbc-url`: "
                    + JdbcUrls.redact(sessionUrl), true);
        }
        String envUrl = env.get(URL_ENV);
        if (present(envUrl)) {
            return new BackendChoice(URL_ENV, URL_ENV + " is set: " + JdbcUrls.redact(envUrl), true);
        }
        String libpq = JdbcUrls.fromLibpq(env, userName);
        if (libpq != null) {
            return new BackendChoice(LIBPQ, "libpq's variables chose it (" + String.join(", ",
                    JdbcUrls.LIBPQ_VARIABLES.stream().filter(k -> present(env.get(k))).toList())
                    + " set): " + JdbcUrls.redact(libpq), true);
        }
        if (present(saved.jdbcUrl())) {
            return new BackendChoice(SAVED, "saved with `backend --jdbc-url` in .lockdrill/settings.json: "
                    + JdbcUrls.redact(saved.jdbcUrl()), true);
        }
        LocalServer.Found local = localServer.probe(LocalServer.url(env, userName));
        if (local.state() == LocalServer.State.CONNECTED) {
            return new BackendChoice(DEFAULTS, "no URL or PG* variable is set; libpq's defaults reached PostgreSQL "
                    + "at " + LocalServer.describe(userName) + ", as `psql` with no arguments would", true);
        }
        String noUrl = local.state() == LocalServer.State.REFUSED
                ? "no URL is set and the PostgreSQL at " + LocalServer.describe(userName) + " refused: "
                + local.detail()
                : "no URL is set and nothing answered at " + LocalServer.describe(userName);
        if (dockerLikelyAvailable()) {
            return new BackendChoice("testcontainers", noUrl + "; a Docker environment was found (image "
                    + image().name() + ", from " + image().source() + ")", true);
        }
        EmbeddedAccount.Resolution account = embedded.get();
        return new BackendChoice(account.account().isPresent() ? "embedded" : "none",
                noUrl + "; no Docker; " + account.reason(), account.account().isPresent());
    }

    /** The JDBC URL a URL-based choice points at (null for testcontainers, embedded and none). */
    public String url(BackendChoice choice, String flagUrl) {
        return switch (choice.source()) {
            case "--jdbc-url" -> JdbcUrls.normalize(flagUrl);
            case SESSION -> JdbcUrls.normalize(sessionUrl);
            case URL_ENV -> JdbcUrls.normalize(env.get(URL_ENV));
            case LIBPQ -> JdbcUrls.fromLibpq(env, userName);
            case SAVED -> JdbcUrls.withPassword(JdbcUrls.normalize(saved.jdbcUrl()), env.get("PGPASSWORD"));
            case DEFAULTS -> LocalServer.url(env, userName);
            default -> null;
        };
    }

    /** Starts (or points at) the chosen backend. */
    public PostgresBackend open(String flagUrl) {
        BackendChoice choice = choose(flagUrl);
        switch (choice.source()) {
            case "testcontainers":
                return ContainerBackend.start(choice.reason(), image());
            case "embedded":
                return EmbeddedBackend.start(choice.reason(), embedded.get().account().orElseThrow());
            case "none":
                throw new LockdrillException(String.format(NO_BACKEND, choice.reason()), ExitCodes.USAGE);
            default:
                return new PostgresBackend(url(choice, flagUrl), choice.source(), choice.reason(), null);
        }
    }

    private boolean dockerLikelyAvailable() {
        return present(env.get("DOCKER_HOST")) || Files.exists(Path.of("/var/run/docker.sock"));
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
