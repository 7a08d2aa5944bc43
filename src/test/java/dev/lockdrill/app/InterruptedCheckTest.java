package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.cli.Cli;
import dev.lockdrill.cli.Session;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.testing.Pipelines;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * A `lockdrill check` stopped from outside — Ctrl-C (SIGINT), SIGTERM, a closed terminal (SIGHUP),
 * kill -9 — while its check process runs leaves no check process, schema, role or run folder behind
 * (after kill -9, the next check's sweep removes them; the orphaned check process stops by itself).
 * Ctrl-C says so in one line; in the shell, where Ctrl-C reaches only the check processes, the
 * interrupted check prints that line and no score table.
 */
class InterruptedCheckTest {
    private static final String INTERRUPTED = "Interrupted: the check stopped before it finished; nothing was "
            + "recorded.";
    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM", "HUP", "KILL"})
    void aCheckStoppedBySignalLeavesNothingBehind(String signal) throws Exception {
        // A process started under nohup ignores SIGHUP, its children inherit that, and the JVM then leaves
        // the signal alone: there is nothing to test, not a failure. A shell without job control starts
        // background commands with SIGINT ignored, in the same way.
        assumeFalse(signal.equals("HUP") && ignored(SIGHUP), "SIGHUP is ignored here (started under nohup?)");
        assumeFalse(signal.equals("INT") && ignored(SIGINT), "SIGINT is ignored here (started in the background?)");
        Workbook workbook = Pipelines.copyWorkbook(dir);
        Path hangs = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/loops-forever");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dlockdrill.home=" + workbook.root(),
                "dev.lockdrill.cli.Main", "check", "fencing-token", "--from", hangs.toString(), "--no-compare",
                "--timeout", "60", "--jdbc-url", Pipelines.JDBC_URL)
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        Process check = builder.start();
        check.getOutputStream().close();
        List<ProcessHandle> children = awaitCheckProcess(check);
        assertThat(children).as("the check process started").isNotEmpty();
        Thread.sleep(1_500);

        new ProcessBuilder("kill", "-" + signal, Long.toString(check.pid())).start().waitFor();

        assertThat(check.waitFor(20, TimeUnit.SECONDS)).as("lockdrill ended").isTrue();
        if (signal.equals("INT")) {
            String said = Files.readString(dir.resolve("out.log"));
            assertThat(check.exitValue()).as(said).isEqualTo(130);
            assertThat(said.strip()).as("what Ctrl-C printed").isEqualTo(INTERRUPTED);
        }
        for (ProcessHandle child : children) {
            assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("check process " + child.pid()).isFalse();
        }
        if (signal.equals("KILL")) {
            // Other checks on the same server sweep too: what counts is that nothing is left after this one.
            RunSchema.sweep(Pipelines.JDBC_URL, false);
        }
        assertThat(registeredTo(check.pid(), "SELECT nspname FROM pg_namespace WHERE obj_description(oid, "
                + "'pg_namespace')")).as("schemas registered to the stopped lockdrill").isEmpty();
        assertThat(registeredTo(check.pid(), "SELECT rolname FROM pg_roles WHERE shobj_description(oid, "
                + "'pg_authid')")).as("roles registered to the stopped lockdrill").isEmpty();
        Path runs = workbook.stateDir().resolve("runs");
        if (signal.equals("KILL")) {
            new RunStore(runs).sweepAll();
        }
        assertThat(unfinishedRuns(runs)).as("run folders the stopped check left without a result").isEmpty();
    }

    /**
     * With no server that lets the OS user in (a user name with no role on the local server) and no
     * Docker, the check runs on an embedded PostgreSQL (as root, run as nobody): SIGTERM stops it by its
     * PID and removes its folder, and the check says it was interrupted in one line instead of printing
     * the score of a run whose server was stopped under it.
     */
    @Test
    void aCheckOnTheEmbeddedServerStoppedBySigtermStopsTheServerAndSaysSoInOneLine() throws Exception {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket takes precedence here");
        Workbook workbook = Pipelines.copyWorkbook(dir);
        Path hangs = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/loops-forever");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dlockdrill.home=" + workbook.root(),
                "-Duser.name=lockdrill_no_such_role", "dev.lockdrill.cli.Main", "check", "fencing-token",
                "--from", hangs.toString(), "--no-compare", "--timeout", "60")
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PG") || k.equals("LOCKDRILL_JDBC_URL")
                || k.equals("DOCKER_HOST"));
        Process check = builder.start();
        try {
            check.getOutputStream().close();
            Path folder = awaitEmbeddedFolder(check);
            long server = Long.parseLong(Files.readString(folder.resolve("postgres.pid")).strip());
            List<ProcessHandle> children = awaitCheckProcess(check);
            assertThat(children).as("the check process started").isNotEmpty();
            Thread.sleep(1_500);

            new ProcessBuilder("kill", "-TERM", Long.toString(check.pid())).start().waitFor();

            assertThat(check.waitFor(30, TimeUnit.SECONDS)).as("lockdrill ended").isTrue();
            String said = Files.readString(dir.resolve("out.log"));
            assertThat(said).contains(INTERRUPTED).doesNotContain("score").doesNotContain("Invariants");
            assertThat(ProcessHandle.of(server).filter(ProcessHandle::isAlive)).as("the embedded server").isEmpty();
            assertThat(folder).as("the embedded server's folder").doesNotExist();
            for (ProcessHandle child : children) {
                assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).as("check process " + child.pid())
                        .isFalse();
            }
            assertThat(unfinishedRuns(workbook.stateDir().resolve("runs"))).isEmpty();
        } finally {
            if (check.isAlive()) {
                // a failed assertion must not leave lockdrill (and its server) running: it cleans up on SIGTERM
                new ProcessBuilder("kill", "-TERM", Long.toString(check.pid())).start().waitFor();
                if (!check.waitFor(30, TimeUnit.SECONDS)) {
                    check.destroyForcibly();
                }
            }
        }
    }

    /** The folder of the embedded server lockdrill started, once the server runs (it marks the folder its own). */
    private Path awaitEmbeddedFolder(Process check) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline && check.isAlive()) {
            try (Stream<Path> temp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
                for (Path candidate : temp.filter(p -> p.getFileName().toString().startsWith("lockdrill-postgres"))
                        .toList()) {
                    Path mark = candidate.resolve(".owner");
                    if (Files.isReadable(mark) && Files.readString(mark).startsWith("pid=" + check.pid() + " ")
                            && Files.exists(candidate.resolve("postgres.pid"))) {
                        return candidate;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no embedded server started by lockdrill " + check.pid() + ": "
                + Files.readString(dir.resolve("out.log")));
    }

    private static List<Path> unfinishedRuns(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(runs)) {
            return all.filter(p -> p.getFileName().toString().matches("\\d{8}T.*") && Files.isDirectory(p))
                    .filter(p -> !Files.exists(p.resolve("result.json"))).toList();
        }
    }

    @Test
    void inTheShellAnInterruptedCheckSaysSoInOneLineAndPrintsNoScore() throws Exception {
        Workbook workbook = Pipelines.copyWorkbook(dir);
        Path hangs = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/loops-forever");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        // the shell's own terminal: SIGINT is left to the check processes, as in the REPL
        try (DumbTerminal terminal = new DumbTerminal(new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream())) {
            Session shell = new Session(() -> Pipelines.app(workbook), q -> null, false, false, terminal);
            Thread ctrlC = new Thread(InterruptedCheckTest::interruptTheCheckProcessOnceItRuns);
            ctrlC.start();
            try {
                code = Cli.execute(shell, new String[] {"check", "fencing-token", "--from", hangs.toString(),
                        "--timeout", "60", "--jdbc-url", Pipelines.JDBC_URL}, new PrintWriter(out),
                        new PrintWriter(err), false);
            } finally {
                ctrlC.join();
                shell.close();
            }
        }

        assertThat(code).as(err.toString()).isEqualTo(130);
        assertThat(err.toString().strip()).isEqualTo(INTERRUPTED);
        assertThat(out.toString()).as("no report, no score table").isEmpty();
        assertThat(unfinishedRuns(workbook.stateDir().resolve("runs"))).isEmpty();
    }

    /**
     * What Ctrl-C in the shell does to the check processes once they run: a signal to each. SIGTERM
     * stands in for SIGINT, which a shell that starts tests in the background leaves ignored in its children.
     */
    private static void interruptTheCheckProcessOnceItRuns() {
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(50);
            while (System.nanoTime() < deadline) {
                if (!checkProcesses().isEmpty()) {
                    Thread.sleep(1_500);
                    for (ProcessHandle child : checkProcesses()) {
                        new ProcessBuilder("kill", "-TERM", Long.toString(child.pid())).start().waitFor();
                    }
                    return;
                }
                Thread.sleep(50);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<ProcessHandle> checkProcesses() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").endsWith(File.separator + "java")).toList();
    }

    private static final int SIGHUP = 1;
    private static final int SIGINT = 2;

    /** Whether this process ignores the signal (its bit in SigIgn of /proc/self/status, on Linux). */
    private static boolean ignored(int signal) throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) {
            return false;
        }
        return java.nio.file.Files.readAllLines(status).stream().filter(line -> line.startsWith("SigIgn:"))
                .map(line -> Long.parseLong(line.substring("SigIgn:".length()).trim(), 16))
                .anyMatch(mask -> (mask & (1L << (signal - 1))) != 0);
    }

    private static List<ProcessHandle> awaitCheckProcess(Process check) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            List<ProcessHandle> children = new ArrayList<>(check.descendants()
                    .filter(p -> p.info().command().orElse("").endsWith(File.separator + "java")).toList());
            if (!children.isEmpty()) {
                return children;
            }
            Thread.sleep(50);
        }
        return List.of();
    }

    private static List<String> registeredTo(long pid, String namesWhereComment) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(namesWhereComment + " LIKE 'lockdrill run: pid=" + pid + " %'")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }
}
