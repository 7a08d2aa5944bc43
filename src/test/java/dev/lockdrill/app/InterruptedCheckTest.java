package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.RunSchema;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
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
 * A `lockdrill check` stopped from outside — SIGTERM, a closed terminal (SIGHUP), kill -9 — while
 * its check process runs leaves no check process, schema, role or run folder behind (after kill -9,
 * the next check's sweep removes them; the orphaned check process stops by itself).
 */
class InterruptedCheckTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "HUP", "KILL"})
    void aCheckStoppedBySignalLeavesNothingBehind(String signal) throws Exception {
        // A process started under nohup ignores SIGHUP, its children inherit that, and the JVM then leaves
        // the signal alone: there is nothing to test, not a failure.
        assumeFalse(signal.equals("HUP") && hangupIgnored(), "SIGHUP is ignored here (started under nohup?)");
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

    private static List<Path> unfinishedRuns(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(runs)) {
            return all.filter(p -> p.getFileName().toString().matches("\\d{8}T.*") && Files.isDirectory(p))
                    .filter(p -> !Files.exists(p.resolve("result.json"))).toList();
        }
    }

    /** Whether this process ignores SIGHUP (bit 0 of SigIgn in /proc/self/status, on Linux). */
    private static boolean hangupIgnored() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) {
            return false;
        }
        return java.nio.file.Files.readAllLines(status).stream().filter(line -> line.startsWith("SigIgn:"))
                .map(line -> Long.parseLong(line.substring("SigIgn:".length()).trim(), 16))
                .anyMatch(mask -> (mask & 1L) != 0);
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
