package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.app.DevCheck;
import dev.lockdrill.app.Expectation;
import dev.lockdrill.app.ExploreService;
import dev.lockdrill.app.KataRegistry;
import dev.lockdrill.app.LabService;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.kata.redlock.check.LabTable;
import dev.lockdrill.kata.redlock.protocol.LabNames;
import dev.lockdrill.report.SampleRuns;
import dev.lockdrill.report.Style;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.ScheduleId;
import dev.lockdrill.testing.DrillRig;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.ScreenLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command's screen at 80 columns: no line wider, no word broken that the same screen laid
 * out 2,000 columns wide has whole ({@link ScreenLayout}), and the screen as its golden file in
 * src/test/resources/golden/screens/ (rewritten with -Dlockdrill.updateGolden=true). Screens that
 * depend on the machine (doctor) are held to the layout only.
 */
class EveryScreenTest {
    static final int WIDTH = 80;
    static final int WIDE = 2_000;

    @TempDir
    Path dir;
    private final List<AppContext> apps = new ArrayList<>();
    private int workbooks;

    @AfterEach
    void close() {
        apps.forEach(AppContext::close);
    }

    @Test
    void everyKatasBrief() throws IOException {
        for (String kata : KataRegistry.ids()) {
            assertScreen("show-" + kata, width -> run(width, "show", kata));
        }
    }

    @Test
    void hintResetAndReport() throws IOException {
        assertScreen("hint", width -> run(width, "hint", "fencing-token"));
        assertScreen("reset", width -> run(width, "reset", "fencing-token", "--yes"));
        assertScreen("reset-asked", width -> runAnswering(width, "n", "reset", "fencing-token"));
        assertScreen("compare-asked", width -> runAnswering(width, "n", "compare", "fencing-token"));
        assertScreen("report", width -> run(width, "report", "fencing-token"));
    }

    @Test
    void everyHelpScreen() throws IOException {
        assertScreen("help-every-command", width -> {
            StringBuilder all = new StringBuilder();
            for (List<String> command : commands(Cli.create(session(width), new PrintWriter(new StringWriter()),
                    new PrintWriter(new StringWriter()), false), new ArrayList<>())) {
                List<String> args = new ArrayList<>(command);
                args.add("--help");
                all.append("$ lockdrill ").append(String.join(" ", args)).append('\n')
                        .append(run(width, args.toArray(String[]::new))).append('\n');
            }
            return all.toString();
        });
    }

    @Test
    void aDrillLaidOutWithWhatToAddIfPressedThenItsHistory() throws IOException {
        assertScreen("drill", width -> drillRig(width).run("\n" + "y\nn\ny\ny\ny\n" + "m\n3\n",
                console -> new Width(console, width), "drill", "fencing-token").terminal());
        assertScreen("drill-history", width -> {
            DrillRig rig = drillRig(width);
            rig.run("\n" + "y\nn\ny\ny\ny\n" + "3\n", "drill", "fencing-token");
            return rig.run("", "drill", "history", "fencing-token").out();
        });
        assertScreen("progress-drill", width -> {
            DrillRig rig = drillRig(width);
            rig.run("\n" + "y\nn\ny\ny\ny\n" + "3\n", "drill", "fencing-token");
            return rig.run("", "progress", "--drill", "fencing-token").out();
        });
    }

    @Test
    void thePracticePlanAndASessionsLines() throws IOException {
        assertScreen("practice-plan", width -> drillRig(width).run("", "practice", "--plan").out());
        // the drill skipped, the kata's brief summary shown and its check skipped, then the session's end
        assertScreen("practice-session", width -> drillRig(width).run("s\n\ns\n",
                console -> new Width(console, width), "practice").terminal());
    }

    @Test
    void backendWithALongUrl() throws IOException {
        assertScreen("backend", width -> {
            Workbook workbook = Pipelines.copyWorkbook(dir.resolve("backend-" + width));
            AppContext app = track(new AppContext(workbook, Clock.systemUTC(), new BackendSelector(Map.of(
                    BackendSelector.URL_ENV, "jdbc:postgresql://db.staging.internal:5432/workbook?user=learner"),
                    "root")));
            return execute(new Session(() -> app, q -> null, false, false).withWidth(width), "backend");
        });
    }

    @Test
    void doctorFitsWhateverTheMachineHas() {
        ScreenLayout.assertLaidOut("doctor", WIDTH, run(WIDTH, "doctor"), run(WIDE, "doctor"));
    }

    @Test
    void watchsScreen() throws IOException {
        assertScreen("watch", width -> {
            StringWriter out = new StringWriter();
            AppContext app = track(Pipelines.app(Pipelines.copyWorkbook(dir.resolve("watch-" + width))));
            WatchScreen screen = new WatchScreen(new PrintWriter(out), new Style(false), app, false, false, width);
            screen.checking("fencing-token");
            screen.checked("fencing-token", SampleRuns.kleppmannResult());
            screen.hint("fencing-token");
            screen.hint("fencing-token");
            screen.list();
            screen.failed("fencing-token", LockdrillException.usage("katas/fencing-token/ has no .java file left to "
                    + "compile; `lockdrill reset fencing-token` restores the original stub."));
            screen.say("Stopped watching fencing-token: press r to re-check, q to quit, or save a file in the folder.");
            return out.toString();
        });
    }

    @Test
    void explorationsFinding() throws IOException {
        ScheduleId id = ScheduleId.of(4711);
        List<ExploreService.StepLine> steps = List.of(
                new ExploreService.StepLine(0, "worker-1", "acquires fencing-token/lock with a 150 ms lease and is "
                        + "granted token 33 before the nemesis pauses it past its lease"),
                new ExploreService.StepLine(1, "nemesis", "pauses worker-1 for 301 ms, as a stop-the-world garbage "
                        + "collection would"),
                new ExploreService.StepLine(2, "worker-2", "writes \"written by worker-2\" to paused-holder/report "
                        + "with token 34"));
        InvariantResult failed = new InvariantResult("stale-write-rejected", "a write with a token below one "
                + "already written is rejected", Verdict.FAIL, List.of(Evidence.of("worker-1 wrote \"written by "
                + "worker-1\" to paused-holder/report with token 33 at 455.1 ms: ACCEPTED — token 33 is stale")));
        ExploreService.Finding finding = new ExploreService.Finding(id, 12, id, steps, List.of(failed), "", 9);
        ExploreService.Result result = new ExploreService.Result("fencing-token", "katas/fencing-token", 4711, 40,
                38, 60_000, 60_000, finding, false, "lockdrill check fencing-token --explore --replay ", 1);
        assertScreen("explore-finding", width -> {
            StringWriter out = new StringWriter();
            new ExploreScreen(new Style(false), width).render(result, new PrintWriter(out));
            return out.toString();
        });
    }

    @Test
    void theLab() throws IOException {
        Map<String, String> broken = new LinkedHashMap<>();
        LabNames.FAULTS.forEach(f -> broken.put(f, LabTable.STALE_ACCEPTED));
        Map<String, String> fenced = new LinkedHashMap<>();
        LabNames.FAULTS.forEach(f -> fenced.put(f, LabTable.STALE_REFUSED));
        Map<String, String> held = new LinkedHashMap<>();
        LabNames.FAULTS.forEach(f -> held.put(f, LabTable.ONE_HOLDER));
        LabTable table = new LabTable(List.of(
                new LabTable.Row(LabNames.PG, "token", true, held, 0, 0, 3.0, 131.1, 59),
                new LabTable.Row(LabNames.PG, "none", false, broken, 1, 1, 3.0, 131.1, 59),
                new LabTable.Row(LabNames.REDLOCK, "none", false, broken, 4, 4, 3.5, 50.7, 87),
                new LabTable.Row(LabNames.REDLOCK, "seq after grant", true, fenced, 1, 1, 3.5, 50.7, 87),
                new LabTable.Row(LabNames.REDLOCK, "db grant", true, held, 0, 0, 1.6, 82.3, 71)));
        LabService.LabRun run = new LabService.LabRun(1, table, dir.resolve("lab.html"), 13_000);
        assertScreen("lab", width -> {
            StringWriter out = new StringWriter();
            LabScreen.render(run, ".lockdrill/runs/lab-db-vs-redlock/20261202T055805.426Z/lab.html",
                    new Style(false), width, new PrintWriter(out));
            return out.toString();
        });
    }

    @Test
    void devChecksTable() throws IOException {
        Path folder = dir.resolve("x");
        DevCheck.Report report = new DevCheck.Report(List.of(
                new DevCheck.Outcome(new DevCheck.Subject("circuit-breaker", DevCheck.Kind.STUB, "stub", folder,
                        Expectation.PASSES), 3, 3, List.of(), 900),
                new DevCheck.Outcome(new DevCheck.Subject("circuit-breaker", DevCheck.Kind.MUTANT,
                        "half-open-counter-not-atomic-under-contention", folder, new Expectation(RunStatus.FAIL,
                        List.of("half-open-trials-bounded", "one-event-per-transition"))), 3, 2,
                        List.of("seed 2: passed, but half-open-trials-bounded should have caught it (run "
                                + "0b8c6f1e-1f7a-4e0b-9d62-0a4c7e1b9f3d)"), 1_200)),
                Map.of("circuit-breaker", List.of("C6 (trials in total) is judged by half-open-trials-bounded, "
                        + "which no scenario of the kata exercises")));
        assertScreen("dev-check", width -> {
            StringWriter out = new StringWriter();
            DevCheckCommand.render(report, new PrintWriter(out), new Style(false), width);
            return out.toString();
        });
    }

    /** Every command path in the tree ("list", "drill history", …), the tree's root left out. */
    private static List<List<String>> commands(CommandLine command, List<String> path) {
        List<List<String>> all = new ArrayList<>();
        command.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().name().equals(name) && !name.equals("help")) {
                List<String> here = new ArrayList<>(path);
                here.add(name);
                all.add(here);
                all.addAll(commands(sub, here));
            }
        });
        return all;
    }

    private void assertScreen(String name, IntFunction<String> screen) throws IOException {
        String narrow = screen.apply(WIDTH).replace(dir.toString(), "<tmp>");
        ScreenLayout.assertLaidOut(name, WIDTH, narrow, screen.apply(WIDE).replace(dir.toString(), "<tmp>"));
        Path golden = ScreenWidthTest.GOLDEN.resolve(name + "-" + WIDTH + ".txt");
        if (Boolean.getBoolean("lockdrill.updateGolden")) {
            Files.writeString(golden, narrow, StandardCharsets.UTF_8);
        }
        assertThat(golden).as("no golden screen yet (a new kata's brief?): run this test with "
                + "-Dlockdrill.updateGolden=true and read what it wrote").exists();
        assertThat(narrow).as(name + " at " + WIDTH + " columns").isEqualTo(Files.readString(golden,
                StandardCharsets.UTF_8));
    }

    private DrillRig drillRig(int width) {
        return new DrillRig(Pipelines.repoRoot(), dir.resolve("drill-state-" + workbooks++)).width(width);
    }

    /** The command on a workbook of its own (hints and resets change it), laid out {@code width} wide. */
    private String run(int width, String... args) {
        return execute(session(width), args);
    }

    /** The command answering its question with {@code answer}, the question and answer where a terminal shows them. */
    private String runAnswering(int width, String answer, String... args) {
        StringWriter screen = new StringWriter();
        PrintWriter out = new PrintWriter(screen, true);
        Session session = new Session(this::app, question -> {
            out.println(question + answer);
            return answer;
        }, false, false).withWidth(width);
        Cli.execute(session, args, out, out, false);
        return screen.toString().replace(dir.toString(), "<tmp>");
    }

    private Session session(int width) {
        return new Session(this::app, q -> null, false, false).withWidth(width);
    }

    private AppContext app() {
        return track(Pipelines.app(Pipelines.copyWorkbook(dir.resolve("workbook-" + workbooks++))));
    }

    private AppContext track(AppContext app) {
        apps.add(app);
        return app;
    }

    private String execute(Session session, String... args) {
        StringWriter out = new StringWriter();
        Cli.execute(session, args, new PrintWriter(out), new PrintWriter(out), false);
        return out.toString().replace(dir.toString(), "<tmp>");
    }

    /**
     * A drill console laid out {@code width} wide (a dumb terminal says 80) that echoes what is typed,
     * as a terminal does, so each answer ends its prompt's line.
     */
    private record Width(DrillConsole console, int width) implements DrillConsole {
        public PrintWriter out() {
            return console.out();
        }

        public String readLine(String prompt) {
            String line = console.readLine(prompt);
            if (line != null) {
                console.out().println(line);
            }
            return line;
        }

        public int readKey(long timeoutMillis) {
            return console.readKey(timeoutMillis);
        }

        public void keys(boolean on) {
            console.keys(on);
        }

        public boolean hasStatusLine() {
            return console.hasStatusLine();
        }

        public void status(String text) {
            console.status(text);
        }

        public void clearStatus() {
            console.clearStatus();
        }

        public boolean color() {
            return console.color();
        }
    }
}
