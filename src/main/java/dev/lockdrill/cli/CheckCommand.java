package dev.lockdrill.cli;

import dev.lockdrill.app.CheckRequest;
import dev.lockdrill.app.CheckService;
import dev.lockdrill.app.ExploreService;
import dev.lockdrill.support.ScheduleId;
import dev.lockdrill.app.KataRegistry;
import dev.lockdrill.report.HtmlTimeline;
import dev.lockdrill.report.JsonReport;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.report.TerminalReport;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;
import dev.lockdrill.support.Text;
import dev.lockdrill.db.BackendSelector;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** `lockdrill check <kata>`: compile, run under faults, judge, compare with the reference. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Compile a kata, run it under injected faults, check its invariants and score it against "
                + "the reference.",
                "The reference solution runs in the same invocation, with the same seed.",
                "Exit codes: 0 pass, 1 fail/timeout/crashed, 2 usage or environment, 3 unknown, 4 compile error."})
final class CheckCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @ArgGroup(exclusive = true)
    Source source;

    static final class Source {
        @Option(names = "--reference", description = "Check the reference solution in solutions/ instead of yours.")
        boolean reference;

        @Option(names = "--from", paramLabel = "DIR", description = "Check the implementation in DIR instead.")
        Path from;
    }

    @Option(names = "--classpath", paramLabel = "CP",
            description = "Extra jars or folders (separated by ':' on Unix, ';' on Windows) to compile and run with.")
    String classpath;

    @Option(names = "--seed", paramLabel = "N", description = "Replay the run with this seed (printed by every run).")
    Long seed;

    @Option(names = "--no-compare", description = "Skip the side-by-side run of the reference (faster).")
    boolean noCompare;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "PostgreSQL to use (default: " + BackendSelector.ORDER + ").")
    String jdbcUrl;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Hard time limit for each check process (default: the kata's, usually 30).")
    Integer timeoutSeconds;

    @Option(names = "--explore", arity = "0..1", fallbackValue = "60s", paramLabel = "DURATION",
            description = "Instead of the scripted scenarios, run random schedules of operations and faults for "
                    + "DURATION (default 60s; e.g. 90, 2m), stop at the first violation and shrink it.")
    String explore;

    @Option(names = "--replay", paramLabel = "SCHEDULE",
            description = "With --explore: run the one schedule an exploration printed (SEED or SEED:STEPS).")
    String replay;

    @Override
    int run() {
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw LockdrillException.usage("--timeout must be a positive number of seconds, but was "
                    + timeoutSeconds + ".");
        }
        if (explore != null || replay != null) {
            return explore();
        }
        boolean reference = source != null && source.reference;
        Path from = source == null ? null : source.from;
        List<Path> extra = classpath == null ? List.of() : Arrays.stream(classpath.split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(Path::of).toList();
        CheckRequest request = new CheckRequest(CheckService.definition(app(), kata), from, reference, !noCompare,
                extra, seed, jdbcUrl, timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds));
        ProgressLine progress = new ProgressLine(err(), session().interactive() && !json, style(), width());
        progress.stage("checking " + kata + "…");
        CheckResult result;
        InterruptNotice interrupt = InterruptNotice.during(session(), () -> stopped(progress,
                "Interrupted: the check stopped before it finished; nothing was recorded."));
        try (interrupt) {
            result = new CheckService(app()).check(request, progress);
        } catch (RuntimeException e) {
            if (interrupt.said()) {
                // the process is exiting on Ctrl-C: what failed under the shutdown is no news
                return ExitCodes.INTERRUPTED;
            }
            throw e;
        } finally {
            progress.clear();
        }
        if (interrupt.said() || result.interrupted() && !json) {
            // Ctrl-C in the REPL reaches the check processes only: no score table for a run that did not
            // finish (--json still says status interrupted, for scripts)
            interrupt.say();
            return ExitCodes.INTERRUPTED;
        }
        if (json) {
            out().println(Secrets.redact(JsonReport.render(result)));
        } else {
            StringWriter report = new StringWriter();
            new TerminalReport(style(), width(), request.definition().lessonScenario())
                    .render(result, new PrintWriter(report));
            out().print(Secrets.redact(report.toString()));
            RunStore.Owner owner = CheckService.owner(request);
            app().runs().latest(kata, owner).filter(dir -> RunStore.startedAt(dir, result.at()))
                    .ifPresent(dir -> Text.wrap("Saved: "
                    + app().workbook().root().relativize(dir.resolve("result.json"))
                    + (Files.exists(dir.resolve(HtmlTimeline.FILE_NAME)) ? " and the timeline of every scenario, "
                    + HtmlTimeline.FILE_NAME + (owner == RunStore.Owner.LEARNER ? " (`lockdrill report " + kata
                    + " --open`)" : "") : ""), width(), "", "  ").forEach(l -> out().println(style().dim(l))));
        }
        out().flush();
        return result.status().exitCode();
    }

    private int explore() {
        Duration duration = explore == null ? Duration.ofSeconds(60) : Durations.parse("--explore", explore);
        ScheduleId schedule = replay == null ? null : ScheduleId.parse(replay).orElseThrow(() ->
                LockdrillException.usage("--replay takes a schedule as an exploration prints it (SEED or "
                        + "SEED:STEPS, e.g. 4711:0,3,8), not '" + replay + "'."));
        List<Path> extra = classpath == null ? List.of() : Arrays.stream(classpath.split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(Path::of).toList();
        ExploreService.Request request = new ExploreService.Request(KataRegistry.get(kata),
                source == null ? null : source.from, source != null && source.reference, extra, seed, jdbcUrl,
                duration, schedule, timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds));
        ProgressLine progress = new ProgressLine(err(), session().interactive() && !json, style(), width());
        progress.stage("exploring " + kata + "…");
        ExploreService.Result result;
        InterruptNotice interrupt = InterruptNotice.during(session(), () -> stopped(progress,
                "Interrupted: the exploration stopped before it finished."));
        try (interrupt) {
            result = new ExploreService(app()).explore(request, progress);
        } catch (RuntimeException e) {
            if (interrupt.said()) {
                return ExitCodes.INTERRUPTED;
            }
            throw e;
        } finally {
            progress.clear();
        }
        if (interrupt.said()) {
            return ExitCodes.INTERRUPTED;
        }
        if (json) {
            out().println(Secrets.redact(ExploreScreen.json(result)));
        } else {
            StringWriter report = new StringWriter();
            new ExploreScreen(style(), width()).render(result, new PrintWriter(report));
            out().print(Secrets.redact(report.toString()));
        }
        out().flush();
        return result.exitCode();
    }

    /** One sentence on stderr in place of the progress line: the command was interrupted. */
    private void stopped(ProgressLine progress, String sentence) {
        progress.end();
        Text.wrap(sentence, width(), "", "  ").forEach(line -> err().println(style().yellow(line)));
        err().flush();
    }
}
