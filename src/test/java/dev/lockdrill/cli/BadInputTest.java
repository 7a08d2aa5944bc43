package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every bad input gets one sentence and exit 2, at once: the probe's bad inputs, run as a user types them. */
class BadInputTest {
    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;
    String out;
    String err;

    @BeforeEach
    void copyWorkbook() {
        workbook = Pipelines.copyWorkbook(dir);
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    private int run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        Session session = new Session(() -> app = Pipelines.app(workbook), q -> null, false, false).withWidth(200);
        int code = Cli.execute(session, args, new PrintWriter(o), new PrintWriter(e), false);
        session.close();
        out = o.toString();
        err = e.toString();
        return code;
    }

    /** Runs the command in a thread and waits generously: what is tested is that it ends, not how fast. */
    private int runWithin(int seconds, String... args) throws Exception {
        return CompletableFuture.supplyAsync(() -> run(args)).get(seconds, TimeUnit.SECONDS);
    }

    @Test
    void controlCharactersInArgumentsAreShownEscapedNeverRaw() {
        assertThat(run("check", "\u001b[31mred\u001b[0m")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("No kata '\\e[31mred\\e[0m'").doesNotContain("\u001b");

        assertThat(run("check", "fencing-token\nrm -rf")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("No kata 'fencing-token\\nrm -rf'").doesNotContain("\nrm -rf");

        for (char control : new char[]{'\u001b', '\u0007', '\u007f', '\u0003', '\u202e'}) {
            String line = "x" + control + "[2J";
            assertThat(run(line)).as(line).isEqualTo(ExitCodes.USAGE);
            assertThat(err).as(line).startsWith("There is no command 'x\\").doesNotContain(String.valueOf(control));
        }
        assertThat(run("x\u0007")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("'x\\x07'");
    }

    @Test
    void hugeArgumentsGetOneShortSentenceAtOnce() throws Exception {
        String name = "k".repeat(100_000);

        assertThat(runWithin(20, "check", name)).isEqualTo(ExitCodes.USAGE);
        assertThat(err).startsWith("No kata 'kkk").contains("… (100000 characters)'").hasSizeLessThan(1_000);

        assertThat(runWithin(20, "check", "fencing-token", "--" + "x".repeat(20_000))).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("has no option --xxx", "… (20002 characters)").hasSizeLessThan(1_000);
    }

    @Test
    void theTimeoutMustBePositiveWithOrWithoutExploring() {
        for (String timeout : List.of("0", "-3")) {
            assertThat(run("check", "circuit-breaker", "--timeout", timeout)).isEqualTo(ExitCodes.USAGE);
            assertThat(err).contains("--timeout must be a positive number of seconds, but was " + timeout + ".");
            assertThat(run("check", "circuit-breaker", "--explore", "5", "--timeout", timeout))
                    .isEqualTo(ExitCodes.USAGE);
            assertThat(err).contains("--timeout must be a positive number of seconds, but was " + timeout + ".");
            assertThat(out).isEmpty();
        }
    }

    @Test
    void anEmptyJdbcUrlIsRefusedRatherThanIgnored() {
        assertThat(run("check", "fencing-token", "--jdbc-url", "")).isEqualTo(ExitCodes.USAGE);

        assertThat(err).startsWith("--jdbc-url was given an empty URL;");
    }

    @Test
    void aPortThatIsNoNumberPrintsOnlyTheSentenceNoDriverLogLines() {
        List<LogRecord> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(handler);
        try {
            assertThat(run("check", "fencing-token", "--jdbc-url", "jdbc:postgresql://127.0.0.1:abc/postgres"))
                    .isEqualTo(ExitCodes.USAGE);
        } finally {
            root.removeHandler(handler);
        }

        assertThat(err).startsWith("'jdbc:postgresql://127.0.0.1:abc/postgres' is not a URL the PostgreSQL driver");
        assertThat(logged).noneMatch(r -> String.valueOf(r.getLoggerName()).startsWith("org.postgresql"));
    }

    @Test
    void fromAFileSaysItIsNotAFolder() throws Exception {
        Path file = Files.writeString(dir.resolve("hostname"), "box\n");

        assertThat(run("check", "fencing-token", "--from", file.toString())).isEqualTo(ExitCodes.USAGE);

        assertThat(err).startsWith(file + " is a file, not a folder.");
    }

    /** A port where something accepts connections and never answers, as Redis does to PostgreSQL's first message. */
    @Test
    void aUrlToAServerThatIsNotPostgresFailsWithinSeconds() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>(); // the acceptor adds while the test closes them
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept());
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String url = "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/postgres?user=postgres";

            assertThat(runWithin(60, "doctor", "--jdbc-url", url)).isEqualTo(ExitCodes.USAGE);
            assertThat(out).contains("did not answer as PostgreSQL within 5 s");

            assertThat(runWithin(60, "check", "fencing-token", "--no-compare", "--jdbc-url", url))
                    .isEqualTo(ExitCodes.USAGE);
            assertThat(err).startsWith("Cannot prepare the check's schema on").contains("did not answer as PostgreSQL");
            Path runs = dir.resolve(".lockdrill/runs/fencing-token");
            assertThat(Files.exists(runs) ? runs.toFile().list() : new String[0]).as("what the failed check kept")
                    .noneMatch(name -> name.startsWith("2"));
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void aCheckOrALabThatNeverStartedForWantOfPostgresKeepsNoRunFolder() throws Exception {
        int closed;
        try (ServerSocket once = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = once.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closed + "/postgres?user=postgres";

        assertThat(runWithin(60, "check", "fencing-token", "--jdbc-url", url)).isEqualTo(ExitCodes.USAGE);
        assertThat(err).startsWith("Cannot prepare the check's schema on").contains("Is PostgreSQL running there?");
        assertThat(runFolders("fencing-token")).as("what the check that never started kept").isEmpty();

        assumeTrue(Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir.isBlank() ? "." : dir, "redis-server"))),
                "the lab asks for redis-server before anything else");
        assertThat(runWithin(60, "lab", "db-vs-redlock", "--jdbc-url", url)).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("Is PostgreSQL running there?");
        assertThat(runFolders("lab-db-vs-redlock")).as("what the lab that never started kept").isEmpty();
    }

    /** The run folders (named by their start time) under .lockdrill/runs/NAME and its others/. */
    private List<String> runFolders(String name) throws Exception {
        Path runs = dir.resolve(".lockdrill/runs").resolve(name);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(runs, 2)) {
            return all.filter(Files::isDirectory).map(p -> runs.relativize(p).toString())
                    .filter(p -> p.matches("(others/)?\\d{8}T.*")).toList();
        }
    }

    @Test
    void aSettingsFolderIsNamedAndIgnoredAndNotWrittenOver() throws Exception {
        Files.createDirectories(dir.resolve(".lockdrill/settings.json"));

        assertThat(run("backend")).isZero();
        assertThat(err).contains("settings.json is a folder; it is ignored until you remove it");

        assertThat(run("backend", "--jdbc-url", "jdbc:postgresql://db/x?user=u")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).contains("Cannot save the backend:", "settings.json is a folder; remove it")
                .doesNotContain("internal error");
    }

    @Test
    void verboseAddsNoStackTraceToARefusedInput() {
        assertThat(run("check", "nope", "--verbose")).isEqualTo(ExitCodes.USAGE);

        assertThat(err).startsWith("No kata 'nope'.").doesNotContain("\tat ", "LockdrillException");
    }

    @Test
    void aValuePicocliQuotesIsEchoedCutLikeAnyTypedWord() {
        assertThat(run("check", "fencing-token", "--seed", "7".repeat(10_000))).isEqualTo(ExitCodes.USAGE);

        assertThat(err).startsWith("Invalid value for option '--seed': '777").contains("… (10000 characters)'")
                .contains("is not a long.").hasSizeLessThan(500);
    }

    @Test
    void anUnknownDrillIsOneSentenceNotTheListOfEveryDrill() throws Exception {
        Files.createDirectories(workbook.drills());
        try (Stream<Path> cards = Files.list(Path.of("drills"))) {
            for (Path card : cards.toList()) {
                Files.copy(card, workbook.drills().resolve(card.getFileName().toString()));
            }
        }
        int drills = new dev.lockdrill.drill.DrillCatalog(workbook.drills(), notice -> { }).ids().size();
        assertThat(drills).as("the workbook's drill cards").isGreaterThan(10);

        assertThat(run("drill", "nope")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).startsWith("No drill 'nope'. `lockdrill list` shows the " + drills + " drills.")
                .hasSizeLessThan(200);

        assertThat(run("drill", "fencing-tokn")).isEqualTo(ExitCodes.USAGE);
        assertThat(err).startsWith("No drill 'fencing-tokn'. Did you mean 'fencing-token'?");
    }

    /** Piped into the shell, JLine gets a dumb terminal: asked for, so it logs no WARNING above the banner. */
    @Test
    void theShellOnAPipeLogsNoWarning() throws Exception {
        assumeTrue(System.console() == null, "this JVM has a terminal, so JLine would not fall back");
        List<LogRecord> logged = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(handler);
        try (org.jline.terminal.Terminal terminal = ReplLauncher.systemTerminal()) {
            assertThat(terminal.getType()).startsWith("dumb");
        } finally {
            root.removeHandler(handler);
        }

        assertThat(logged).noneMatch(r -> String.valueOf(r.getLoggerName()).startsWith("org.jline")
                && r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue());
    }

    @Test
    void fromAFolderWithNothingToCompileIsRefusedBeforeAnyRunIsKept() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path notes = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(notes.resolve("README.txt"), "my notes\n");

        for (Path folder : List.of(empty, notes)) {
            assertThat(run("check", "fencing-token", "--no-compare", "--from", folder.toString()))
                    .as(folder.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(err).startsWith("Folder " + folder + " holds no .java files. Give --from the folder that "
                    + "holds the kata's .java files.");
        }
        assertThat(runFolders("fencing-token")).as("what the refused checks kept").isEmpty();
    }

    @Test
    void fromAFolderWhoseLinkLoopsBackIsOneSentenceNotAnInternalError() throws Exception {
        Path loop = Files.createDirectories(dir.resolve("loop"));
        Files.copy(dir.resolve("katas/fencing-token").resolve(Files.list(dir.resolve("katas/fencing-token"))
                .filter(p -> p.toString().endsWith(".java")).findFirst().orElseThrow().getFileName()),
                loop.resolve("Copy.java"));
        Files.createSymbolicLink(loop.resolve("up"), loop);

        assertThat(run("check", "fencing-token", "--no-compare", "--from", loop.toString()))
                .isEqualTo(ExitCodes.USAGE);

        assertThat(err).startsWith("Cannot look for .java files in " + loop + ": a link in it leads back to")
                .doesNotContain("internal error");
    }
}
