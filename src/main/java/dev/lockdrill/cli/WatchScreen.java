package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.app.KataService;
import dev.lockdrill.app.WatchListener;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.report.Style;
import dev.lockdrill.report.TerminalReport;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Prose;
import dev.lockdrill.support.Text;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/** What watch mode prints: "checking…" at once, each report, the next kata after a pass, hints and the list. */
final class WatchScreen implements WatchListener {
    private final PrintWriter out;
    private final Style style;
    private final AppContext app;
    private final boolean manual;
    private final boolean interactive;
    private final int width;
    private ProgressLine progress;
    private String offered;
    private Kata definition;

    WatchScreen(PrintWriter out, Style style, AppContext app, boolean manual, boolean interactive, int width) {
        this.width = width;
        this.out = out;
        this.style = style;
        this.app = app;
        this.manual = manual;
        this.interactive = interactive;
    }

    @Override
    public synchronized void checking(String kata) {
        out.println();
        out.println(style.cyan("checking " + kata + "…"));
        out.flush();
        progress = new ProgressLine(out, interactive, style, width);
    }

    @Override
    public synchronized void stage(String message) {
        if (progress != null) {
            progress.stage(message);
        }
    }

    /** The kata the check under way resolved: its report is rendered with this definition's lesson scenario. */
    synchronized void resolved(Kata definition) {
        this.definition = definition;
    }

    @Override
    public synchronized void checked(String kata, CheckResult result) {
        clearProgress();
        String lesson = definition != null && definition.id().equals(kata) ? definition.lessonScenario() : null;
        new TerminalReport(style, width, lesson).render(result, out);
        offered = null;
        if (result.status() == RunStatus.PASS) {
            Optional<KataManifest> next = new KataService(app).next(kata);
            offered = next.map(KataManifest::id).orElse(null);
            Text.wrap(style.green("✔ " + kata + " passes.") + next.map(m -> " Next: " + style.bold(m.id())
                    + " — " + m.title() + ". Press n to watch it.").orElse(" No kata after it is left to pass."),
                    width, "", "  ").forEach(out::println);
            Text.wrap("`lockdrill compare " + kata + "` shows the reference beside your solution.", width, "  ")
                    .forEach(l -> out.println(style.dim(l)));
        }
        keys(kata);
    }

    @Override
    public synchronized void failed(String kata, RuntimeException error) {
        clearProgress();
        String message = error instanceof LockdrillException ? error.getMessage()
                : "the check could not run: " + error;
        Text.wrap(message, width, "", "  ").forEach(line -> out.println(style.red(line)));
        keys(kata);
    }

    synchronized void hint(String kata) {
        KataService.Hint hint = new KataService(app).nextHint(kata);
        out.println();
        out.println(style.bold("Hint " + hint.number() + "/" + hint.total()));
        // as `hint` lays it out: printed raw, the terminal broke its lines inside words ("co|mmit")
        out.println(Prose.reflow(hint.text().strip(), width));
        out.flush();
    }

    synchronized void list() {
        out.println();
        List<List<String>> rows = new KataService(app).list().stream().map(e -> List.of(
                String.valueOf(e.manifest().order()), e.manifest().id(), e.progress().status())).toList();
        Columns columns = Columns.fit(rows, width, "  ", 1, 16);
        rows.forEach(row -> columns.render(row).forEach(out::println));
        out.flush();
    }

    synchronized void say(String sentence) {
        Text.wrap(sentence, width, "").forEach(line -> out.println(style.dim(line)));
        out.flush();
    }

    /** The kata offered after the last pass, if any. */
    synchronized Optional<String> offered() {
        return Optional.ofNullable(offered);
    }

    private void keys(String kata) {
        String trigger = manual ? "Enter or r re-checks" : "saving a file in katas/" + kata + "/ re-checks; r too";
        Text.wrap("watching " + kata + ": " + trigger + " · h hint · l list · q quit", width, "", "  ")
                .forEach(line -> out.println(style.dim(line)));
        out.flush();
    }

    private void clearProgress() {
        if (progress != null) {
            progress.clear();
            progress = null;
        }
    }
}
