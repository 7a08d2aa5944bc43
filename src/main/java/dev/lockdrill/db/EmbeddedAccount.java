package dev.lockdrill.db;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The OS account the embedded PostgreSQL runs as, and the command prefix that runs a program as it.
 *
 * <p>initdb and postgres refuse to run as root. A process that is not root runs them as itself. A
 * root process runs them as {@code nobody} through util-linux's {@code setpriv}, which changes the
 * user and execs the program in place (unlike {@code runuser} or {@code su}, which stay as its
 * parent): the PID lockdrill holds is the server's own, so it stops the server by that PID.
 * {@code nobody} because it owns no files: the server's superuser can run programs as the server's
 * account ({@code COPY … FROM PROGRAM}), and as nobody those reach nothing of the machine's; and
 * because it exists on every Linux, so lockdrill adds no account to the system.
 *
 * @param name     the account's name, for messages
 * @param launcher what goes before a command to run it as the account (empty: as this process)
 * @param owner    the account files the server writes must belong to (null: this process's own)
 */
public record EmbeddedAccount(String name, List<String> launcher, String owner) {
    static final String UNPRIVILEGED = "nobody";

    public EmbeddedAccount {
        launcher = List.copyOf(launcher);
    }

    /** Whether lockdrill can start the embedded server here, as whom, or why not. */
    public record Resolution(Optional<EmbeddedAccount> account, String reason) {
        static Resolution as(EmbeddedAccount account, String reason) {
            return new Resolution(Optional.of(account), reason);
        }

        public static Resolution unavailable(String reason) {
            return new Resolution(Optional.empty(), reason);
        }
    }

    /** How this process can run the embedded server: looked up once, it does not change while lockdrill runs. */
    public static Resolution forThisProcess() {
        return Lookup.RESOLVED;
    }

    /** Deferred to first use: a check with a configured server never runs {@code id} or looks for setpriv. */
    private static final class Lookup {
        static final Resolution RESOLVED = resolve(isRoot(), System.getProperty("user.name"));
    }

    static Resolution resolve(boolean root, String user) {
        if (!root) {
            return Resolution.as(new EmbeddedAccount(user, List.of(), null), "running as '" + user
                    + "', so an embedded PostgreSQL can start");
        }
        Optional<Path> setpriv = onPath("setpriv");
        if (setpriv.isEmpty()) {
            return Resolution.unavailable("running as root, where initdb refuses to run, and setpriv (util-linux) "
                    + "is not installed to run it as '" + UNPRIVILEGED + "'");
        }
        Optional<String> group = primaryGroup(UNPRIVILEGED);
        if (group.isEmpty()) {
            return Resolution.unavailable("running as root, where initdb refuses to run, and there is no '"
                    + UNPRIVILEGED + "' account to run it as");
        }
        List<String> launcher = List.of(setpriv.get().toString(), "--reuid=" + UNPRIVILEGED, "--regid=" + group.get(),
                "--clear-groups", "--no-new-privs", "--");
        return Resolution.as(new EmbeddedAccount(UNPRIVILEGED, launcher, UNPRIVILEGED), "running as root, so an "
                + "embedded PostgreSQL can start as '" + UNPRIVILEGED + "' (initdb refuses root)");
    }

    /**
     * Whether this process runs as root: the owner of /proc/self is the process's effective user, which,
     * unlike the user.name property, a -Duser.name cannot change.
     */
    static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        List<String> dirs = new ArrayList<>(List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin"));
        if (path != null) {
            dirs.addAll(0, List.of(path.split(File.pathSeparator)));
        }
        return dirs.stream().filter(d -> !d.isBlank()).map(d -> Path.of(d, program)).filter(Files::isExecutable)
                .findFirst();
    }

    /** The account's primary group by number, as {@code id -g} reads it from the system's user database. */
    private static Optional<String> primaryGroup(String account) {
        try {
            Process id = new ProcessBuilder("id", "-g", account).redirectErrorStream(true).start();
            String out = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!id.waitFor(5, TimeUnit.SECONDS)) {
                id.destroyForcibly();
                return Optional.empty();
            }
            return id.exitValue() == 0 && out.matches("\\d+") ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
