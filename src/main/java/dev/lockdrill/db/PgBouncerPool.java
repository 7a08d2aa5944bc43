package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.OwnerMark;

import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A PgBouncer of the check's own, in transaction mode, on a free loopback port, in front of the
 * run's database and schema — the way production PostgreSQL often sits behind a pooler, where a
 * session's state (advisory locks, SET, prepared statements) does not follow its client. PgBouncer
 * refuses to run as root, so as root it runs as {@code postgres}. Clients log in with a password
 * made for this pooler alone (SCRAM), so nobody else on the machine gets in as the run's role.
 * Stopped by PID on close; a watchdog started before it stops it by PID and removes its folder if
 * this JVM dies first (killed, timed out, ended by the learner's code).
 */
public final class PgBouncerPool implements AutoCloseable {
    /** Server connections per pool: few, so that clients really share sessions. */
    public static final int DEFAULT_POOL_SIZE = 2;
    static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    /**
     * Waits for the owning JVM ($1) to end, then kills the pooler by the PID it wrote into its
     * folder ($2) and removes the folder (password and all).
     */
    private static final String WATCHDOG = "while kill -0 \"$1\" 2>/dev/null; do sleep 0.3; done; "
            + "[ -f \"$2/pgbouncer.pid\" ] && kill -9 \"$(cat \"$2/pgbouncer.pid\")\" 2>/dev/null; rm -rf \"$2\"";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern JDBC = Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?/([^?]*)(?:\\?(.*))?");

    private final Process process;
    private final Process watchdog;
    private final Path dir;
    private final int port;
    private final String user;
    private final String password;
    /** Stops the pooler if this JVM ends without closing it. */
    private final Thread onExit;

    private PgBouncerPool(Process process, Process watchdog, Path dir, int port, String user, String password) {
        this.process = process;
        this.watchdog = watchdog;
        this.dir = dir;
        this.port = port;
        this.user = user;
        this.password = password;
        this.onExit = new Thread(process::destroyForcibly, "pgbouncer-stop");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /** Starts a pooler in front of {@code jdbcUrl}, whose server sessions use {@code schema}. */
    public static PgBouncerPool start(String jdbcUrl, String schema, int poolSize) {
        Path executable = PgBouncer.executable().orElseThrow(() -> new LockdrillException(
                PgBouncer.NOT_INSTALLED + ".", ExitCodes.USAGE));
        return start(executable, jdbcUrl, schema, poolSize);
    }

    /** Starts {@code executable} as the pooler; a LockdrillException (exit 2) if it does not start. */
    public static PgBouncerPool start(Path executable, String jdbcUrl, String schema, int poolSize) {
        return start(executable, jdbcUrl, schema, poolSize, ProcessHandle.current().pid());
    }

    /** The same, stopped by its watchdog once the process {@code ownerPid} has ended. */
    static PgBouncerPool start(Path executable, String jdbcUrl, String schema, int poolSize, long ownerPid) {
        Matcher m = JDBC.matcher(jdbcUrl);
        if (!m.matches() || !schema.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("cannot put a pooler in front of " + JdbcUrls.redact(jdbcUrl));
        }
        Map<String, String> params = params(m.group(4));
        String user = params.getOrDefault("user", System.getProperty("user.name"));
        Path dir = null;
        Process watchdog = null;
        try {
            dir = Files.createTempDirectory("lockdrill-pgbouncer", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            // a later check or `doctor --clean` stops the pooler and removes the folder once this process is gone
            OwnerMark.write(dir);
            // the watchdog first: from the moment the pooler writes its PID, a death of this JVM stops it
            watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "pgbouncer-watchdog", String.valueOf(ownerPid),
                    dir.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int port = freePort();
            String password = HexFormat.of().formatHex(bytes(24));
            // SCRAM with the secret's verifier in the auth file: only a client given this pooler's password
            // gets in, and the password itself is on no disk
            Files.writeString(dir.resolve("userlist.txt"), quoteAuth(user) + " "
                    + quoteAuth(scramVerifier(password, bytes(16), SCRAM_ITERATIONS)) + "\n");
            String server = "host=" + m.group(1) + " port=" + (m.group(2) == null ? "5432" : m.group(2))
                    + " dbname=" + quote(m.group(3).isEmpty() ? user : m.group(3)) + " user=" + quote(user)
                    + (params.containsKey("password") ? " password=" + quote(params.get("password")) : "")
                    + " connect_query=" + quote("SET search_path TO " + schema);
            Files.writeString(dir.resolve("pgbouncer.ini"), String.join("\n",
                    "[databases]",
                    "pooled = " + server,
                    "[pgbouncer]",
                    "listen_addr = 127.0.0.1",
                    "listen_port = " + port,
                    "unix_socket_dir =",
                    "auth_type = scram-sha-256",
                    "auth_file = " + dir.resolve("userlist.txt"),
                    "pidfile = " + dir.resolve("pgbouncer.pid"),
                    "pool_mode = transaction",
                    "default_pool_size = " + poolSize,
                    "max_client_conn = 200",
                    "ignore_startup_parameters = extra_float_digits,options,search_path",
                    "logfile = " + dir.resolve("pgbouncer.log"),
                    ""));
            List<String> command = new ArrayList<>(List.of(executable.toString()));
            if ("root".equals(System.getProperty("user.name"))) {
                UserPrincipal postgres = dir.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName("postgres");
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path file : Stream.concat(Stream.of(dir), files.toList().stream()).toList()) {
                        Files.setOwner(file, postgres);
                    }
                }
                command.addAll(List.of("-u", "postgres"));
            }
            command.add(dir.resolve("pgbouncer.ini").toString());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("pgbouncer.out").toFile());
            // the pooler needs none of the admin's connection settings or secrets
            builder.environment().keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("LOCKDRILL"));
            Process process = builder.start();
            PgBouncerPool pool = new PgBouncerPool(process, watchdog, dir, port, user, password);
            pool.awaitListening();
            return pool;
        } catch (IOException e) {
            if (watchdog != null) {
                watchdog.destroyForcibly();
            }
            delete(dir);
            throw new LockdrillException("PgBouncer did not start: " + e.getMessage(), ExitCodes.USAGE, e);
        }
    }

    /** The URL clients use: through the pooler, with no server-side prepared statements. */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/pooled?user=" + URLEncoder.encode(user, StandardCharsets.UTF_8)
                + "&password=" + password + "&prepareThreshold=0";
    }

    /** The URL without the pooler's password: what a client that was not given it has. */
    String jdbcUrlWithoutPassword() {
        return jdbcUrl().replace("&password=" + password, "");
    }

    long watchdogPid() {
        return watchdog.pid();
    }

    Path folder() {
        return dir;
    }

    public long pid() {
        return process.pid();
    }

    public boolean running() {
        return process.isAlive();
    }

    private void awaitListening() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                String log = tail();
                close();
                int exit = process.exitValue();
                throw new LockdrillException("PgBouncer exited at start (exit " + exit + "): " + log, ExitCodes.USAGE);
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                sleep();
            }
        }
        close();
        throw new LockdrillException("PgBouncer did not listen on port " + port + " within "
                + START_TIMEOUT.toSeconds() + " s.", ExitCodes.USAGE);
    }

    private String tail() {
        for (String name : List.of("pgbouncer.log", "pgbouncer.out")) {
            try {
                List<String> lines = Files.readAllLines(dir.resolve(name));
                if (!lines.isEmpty()) {
                    return JdbcUrls.redact(lines.get(lines.size() - 1));
                }
            } catch (IOException ignored) {
                // try the other file
            }
        }
        return "no log";
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        process.destroy();
        watchdog.destroyForcibly();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        delete(dir);
    }

    private static Map<String, String> params(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    params.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return params;
    }

    /**
     * The SCRAM iterations of the pooler's secret. Its password is 24 random bytes for one run, so
     * guessing it from a stolen verifier is hopeless at any count; at PostgreSQL's 4096 the client's
     * PBKDF2 for each pooled connection took about 0.1 s of a check process's CPU per check.
     */
    static final int SCRAM_ITERATIONS = 16;

    /** A SCRAM-SHA-256 verifier of {@code password} (RFC 5802/7677), as PostgreSQL and PgBouncer store it. */
    static String scramVerifier(String password, byte[] salt, int iterations) {
        try {
            byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256)).getEncoded();
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(salted, "HmacSHA256"));
            byte[] clientKey = mac.doFinal("Client Key".getBytes(StandardCharsets.UTF_8));
            byte[] serverKey = mac.doFinal("Server Key".getBytes(StandardCharsets.UTF_8));
            byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
            Base64.Encoder base64 = Base64.getEncoder();
            return "SCRAM-SHA-256$" + iterations + ":" + base64.encodeToString(salt) + "$"
                    + base64.encodeToString(storedKey) + ":" + base64.encodeToString(serverKey);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot compute a SCRAM-SHA-256 verifier", e);
        }
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /** A name or secret as PgBouncer's auth file writes it: in double quotes, a quote doubled. */
    private static String quoteAuth(String value) {
        return "\"" + value.replace("\"", "\"\"") + "\"";
    }

    private static String quote(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while PgBouncer started", e);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a leftover temp folder of a stopped pooler is harmless
        }
    }
}
