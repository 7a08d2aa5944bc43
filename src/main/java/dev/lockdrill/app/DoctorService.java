package dev.lockdrill.app;

import dev.lockdrill.db.AdminConnections;
import dev.lockdrill.db.BackendChoice;
import dev.lockdrill.db.DockerProbe;
import dev.lockdrill.db.JdbcUrls;
import dev.lockdrill.db.PgBouncer;
import dev.lockdrill.db.PostgresImage;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.speech.SpeechTools;
import dev.lockdrill.support.LockdrillException;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Checks what a kata check needs, each with a status and, when not ok, how to fix it. */
public final class DoctorService {
    static final long DISK_FAIL_BYTES = 200L << 20;
    static final long DISK_WARN_BYTES = 1L << 30;
    private final AppContext app;
    private final Map<String, String> env;
    private final RedisPing redis;
    private final Function<PostgresImage, DockerProbe.Result> docker;

    public DoctorService(AppContext app, Map<String, String> env) {
        this(app, env, new RedisPing("127.0.0.1", 6379, Duration.ofSeconds(1)));
    }

    DoctorService(AppContext app, Map<String, String> env, RedisPing redis) {
        this(app, env, redis, new DockerProbe()::probe);
    }

    DoctorService(AppContext app, Map<String, String> env, RedisPing redis,
                  Function<PostgresImage, DockerProbe.Result> docker) {
        this.app = app;
        this.env = env;
        this.redis = redis;
        this.docker = docker;
    }

    public enum Level { OK, WARN, FAIL }

    public record Finding(String check, Level level, String detail, String fix) {
    }

    public List<Finding> examine(String flagUrl) {
        List<Finding> findings = new ArrayList<>();
        findings.add(java());
        findings.add(workbook());
        BackendChoice choice = app.selector().choose(flagUrl);
        findings.addAll(postgres(choice, flagUrl));
        findings.add(docker(choice.source().equals("testcontainers")));
        findings.add(pgbouncer());
        findings.add(redis());
        findings.add(redisServer());
        findings.add(speech());
        findings.add(disk());
        return findings;
    }

    private Finding java() {
        int feature = Runtime.version().feature();
        boolean javac = ToolProvider.getSystemJavaCompiler() != null;
        String detail = "Java " + Runtime.version() + " (" + System.getProperty("java.home") + ")"
                + (javac ? ", javac available" : ", no javac");
        if (feature < 17 || !javac) {
            return new Finding("java", Level.FAIL, detail, "Install a JDK 17 or newer and set JAVA_HOME to it.");
        }
        return new Finding("java", Level.OK, detail, "");
    }

    private Finding workbook() {
        Path state = app.workbook().stateDir();
        try {
            Files.createDirectories(state);
            Path probe = Files.createTempFile(state, "doctor", ".tmp");
            Files.delete(probe);
            return new Finding("workbook", Level.OK, app.workbook().root() + " (" + app.catalog().katas().size()
                    + " katas; state in .lockdrill/)", "");
        } catch (IOException e) {
            return new Finding("workbook", Level.FAIL, "cannot write " + state + ": " + e.getMessage(),
                    "Make the workbook folder writable.");
        }
    }

    /**
     * Removes what checks no longer running left on disk: run folders that never finished, temp
     * files of killed saves, poolers' and Redis nodes' temporary folders (stopping a pooler left running).
     */
    public Finding cleanFiles() {
        List<String> removed = new ArrayList<>(app.runs().sweepAll().stream().map(r -> ".lockdrill/runs/" + r)
                .toList());
        removed.addAll(TempLeftovers.ofThisSystem().sweep().all());
        return new Finding("clean files", Level.OK, removed.isEmpty() ? "no run folders, temp files or poolers were "
                + "left behind" : "removed what checks no longer running left: " + String.join(", ", removed), "");
    }

    /** Drops every run schema whose check is no longer running (registered or not). */
    public Finding clean(String flagUrl) {
        try {
            List<String> dropped = RunSchema.sweep(app.backend(flagUrl).jdbcUrl(), true);
            return new Finding("clean", Level.OK, dropped.isEmpty() ? "no run schemas or roles were left behind"
                    : "dropped what runs left behind: " + String.join(", ", dropped), "");
        } catch (LockdrillException e) {
            return new Finding("clean", Level.FAIL, e.getMessage(), "Choose a PostgreSQL first (see above).");
        }
    }

    private List<Finding> postgres(BackendChoice choice, String flagUrl) {
        List<Finding> findings = new ArrayList<>();
        if (!choice.available()) {
            findings.add(new Finding("postgres", Level.FAIL, choice.reason(),
                    "Start PostgreSQL on localhost:5432 with a role and database named as you, set PGHOST=127.0.0.1 "
                            + "PGUSER=postgres (or LOCKDRILL_JDBC_URL=jdbc:postgresql://127.0.0.1:5432/postgres?user="
                            + "postgres), start Docker, or, for the embedded PostgreSQL, run as a non-root user (as root, "
                            + "install setpriv, util-linux, so it runs as 'nobody')."));
            return findings;
        }
        findings.add(new Finding("postgres backend", Level.OK, choice.source() + ": " + choice.reason(), ""));
        String url;
        try {
            url = app.selector().url(choice, flagUrl);
        } catch (LockdrillException e) {
            findings.add(new Finding("postgres url", Level.FAIL, e.getMessage(), "Fix the URL's form."));
            return findings;
        }
        if (url != null) {
            Finding reach = reach(url);
            findings.add(reach);
            if (reach.level() == Level.OK) {
                findings.add(role(url));
            }
        }
        return findings;
    }

    private static Finding reach(String url) {
        try (Connection c = AdminConnections.open(url, "lockdrill-doctor"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return new Finding("postgres reachable", Level.OK, "PostgreSQL " + rs.getString(1) + " at "
                    + JdbcUrls.redact(url), "");
        } catch (SQLException e) {
            return new Finding("postgres reachable", Level.FAIL, JdbcUrls.redact(url) + ": " + AdminConnections.why(e),
                    "Start PostgreSQL (e.g. `pg_ctlcluster <version> main start`) or fix LOCKDRILL_JDBC_URL.");
        }
    }

    /**
     * What the learner's code may do: as a role of the run's own when the configured role may
     * create roles; a superuser is more than lockdrill needs, a role that cannot create roles
     * leaves the learner's code with all its rights.
     */
    static Finding role(String url) {
        try (Connection c = AdminConnections.open(url, "lockdrill-doctor"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_user, rolsuper, rolcreaterole, current_database() "
                     + "FROM pg_roles WHERE rolname = current_user")) {
            rs.next();
            String user = rs.getString(1);
            String fix = "Use a role that may create roles but is no superuser: as " + user + ", run `CREATE ROLE "
                    + "lockdrill LOGIN CREATEROLE; GRANT CREATE ON DATABASE " + rs.getString(4) + " TO lockdrill;` "
                    + "and put user=lockdrill in the URL.";
            if (rs.getBoolean(2)) {
                return new Finding("postgres role", Level.WARN, "role " + user + " is a superuser; each run's code "
                        + "gets a role of its own, but lockdrill itself needs much less", fix);
            }
            if (!rs.getBoolean(3)) {
                return new Finding("postgres role", Level.WARN, "role " + user + " may not create roles, so your "
                        + "code runs as " + user + " itself, with all its rights", "As a superuser, run `ALTER ROLE "
                        + user + " CREATEROLE;` (and `GRANT CREATE ON DATABASE " + rs.getString(4) + " TO " + user
                        + ";` if it lacks it).");
            }
            return new Finding("postgres role", Level.OK, "role " + user + " may create roles: each run's code "
                    + "gets a role of its own (no superuser, only its schema)", "");
        } catch (SQLException e) {
            return new Finding("postgres role", Level.WARN, "cannot read the configured role's rights: "
                    + JdbcUrls.redact(e.getMessage()), "");
        }
    }

    private Finding docker(boolean chosen) {
        String host = env.get("DOCKER_HOST");
        Path socket = Path.of("/var/run/docker.sock");
        String fix = "Needed only to run PostgreSQL in a container: start Docker, or set PGHOST/LOCKDRILL_JDBC_URL.";
        if ((host == null || host.isBlank()) && !Files.exists(socket)) {
            return new Finding("docker", Level.WARN, "no Docker engine found; the Testcontainers backend is "
                    + "unavailable", fix);
        }
        DockerProbe.Result probe = docker.apply(app.selector().image());
        Level failing = chosen ? Level.FAIL : Level.WARN;
        return switch (probe.state()) {
            case READY -> new Finding("docker", Level.OK, probe.detail(), "");
            case NO_ENGINE -> new Finding("docker", failing, probe.detail(), fix);
            case NO_IMAGE -> new Finding("docker", failing, probe.detail(), "");
        };
    }

    private Finding pgbouncer() {
        return app.selector().pgBouncer()
                .map(path -> new Finding("pgbouncer", Level.OK, path + "; the pooled scenarios run through it", ""))
                .orElseGet(() -> new Finding("pgbouncer", Level.WARN, app.selector().noPgBouncer()
                        + "; the pooled scenarios are reported not run", app.selector().noPgBouncer()
                        .equals(PgBouncer.NOT_INSTALLED) ? "Install it (Debian: apt-get install pgbouncer), or set "
                        + PgBouncer.ENV + " to its path, to run them." : "Unset " + PgBouncer.ENV + " to run them."));
    }

    private Finding redis() {
        String fix = "Only the later Redis katas need it. Start one: `redis-server --daemonize yes` "
                + "(Debian: apt-get install redis-server).";
        try {
            String reply = redis.ping();
            if (reply.startsWith("+PONG")) {
                return new Finding("redis", Level.OK, "Redis answers PING at " + redis.address(), "");
            }
            return new Finding("redis", Level.WARN, "Redis at " + redis.address() + " answered '" + reply + "'",
                    "The Redis katas expect an open local server (no password); " + fix);
        } catch (IOException e) {
            return new Finding("redis", Level.WARN, "no Redis at " + redis.address() + " (" + e.getMessage() + ")",
                    fix);
        }
    }

    /** Spoken drills: recorded and heard where the tools are, a countdown and a self-grade where not. */
    private Finding speech() {
        SpeechTools tools = app.speechTools();
        List<String> has = new ArrayList<>();
        tools.recorder().ifPresent(p -> has.add("recorder " + p.getFileName()));
        tools.player().ifPresent(p -> has.add("player " + p.getFileName()));
        tools.recognizer().ifPresent(p -> has.add("recognizer " + p.getFileName()));
        tools.model().ifPresent(p -> has.add("model " + p));
        has.add(tools.microphone() ? "a microphone" : "no microphone");
        String detail = String.join(", ", has);
        return tools.missing().map(sentence -> new Finding("spoken answers", Level.WARN, detail, sentence))
                .orElseGet(() -> new Finding("spoken answers", Level.OK, detail
                        + "; answers are recorded and transcribed offline", ""));
    }

    /** The redlock kata starts its own nodes: it needs the redis-server binary, not a running server. */
    private Finding redisServer() {
        Optional<Path> binary = RedisServers.onPath(env.getOrDefault("PATH", ""));
        if (binary.isEmpty()) {
            return new Finding("redis-server", Level.WARN, "redis-server is not on PATH",
                    "The redlock kata starts five redis-server processes; install it (Debian: apt-get install redis-server).");
        }
        try {
            Process process = new ProcessBuilder(binary.get().toString(), "--version").redirectErrorStream(true).start();
            String version = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            process.waitFor(5, TimeUnit.SECONDS);
            return new Finding("redis-server", Level.OK, binary.get() + ": " + version, "");
        } catch (IOException e) {
            return new Finding("redis-server", Level.WARN, binary.get() + " does not run (" + e.getMessage() + ")",
                    "Reinstall redis-server (Debian: apt-get install --reinstall redis-server).");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Finding("redis-server", Level.WARN, binary.get() + ": interrupted", "");
        }
    }

    private Finding disk() {
        Path state = app.workbook().stateDir();
        try {
            Path existing = state;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            long free = Files.getFileStore(existing == null ? Path.of("") : existing).getUsableSpace();
            long runs = size(state.resolve("runs"));
            String detail = mib(free) + " free for .lockdrill/ (runs keep " + mib(runs) + ")";
            String fix = "Free some disk space; old runs under .lockdrill/runs/ can be deleted.";
            if (free < DISK_FAIL_BYTES) {
                return new Finding("disk", Level.FAIL, detail, fix);
            }
            return free < DISK_WARN_BYTES ? new Finding("disk", Level.WARN, detail, fix)
                    : new Finding("disk", Level.OK, detail, "");
        } catch (IOException | UncheckedIOException e) {
            return new Finding("disk", Level.WARN, "cannot measure the free space for " + state + ": "
                    + e.getMessage(), "Check that the workbook's disk is mounted and readable.");
        }
    }

    private static long size(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static String mib(long bytes) {
        return bytes >= 10L << 30 ? (bytes >> 30) + " GiB" : (bytes >> 20) + " MiB";
    }
}
