package dev.lockdrill.report;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.compile.CompileDiagnostic;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.MetricComparison;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.score.Scoring;
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.Text;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders a check result for a person at a terminal {@code width} columns wide: prose wrapped at
 * word boundaries with a hanging indent, tables whose last column folds, long ids shortened.
 */
public final class TerminalReport {
    static final int MAX_EVIDENCE = 8;
    static final int MAX_COMPILE_ERRORS = 5;
    static final int MAX_DETAIL_LINES = 20;
    static final int NAME = 32;
    private final Style style;
    private final int width;
    private final String lesson;

    public TerminalReport(Style style) {
        this(style, Text.DEFAULT_WIDTH, null);
    }

    /** {@code lesson}: the kata's teaching scenario, shown when no failing invariant names an operation. */
    public TerminalReport(Style style, int width, String lesson) {
        this.style = style;
        this.width = width;
        this.lesson = lesson;
    }

    public void render(CheckResult result, PrintWriter out) {
        ImplementationRun you = result.you();
        print(out, Text.wrap(style.bold(result.kata()) + " · seed " + result.seed() + " · " + you.source()
                + (result.compared() ? " vs reference" : ""), width, "", "  "));
        if (result.backend() != null) {
            Text.wrap("PostgreSQL: " + result.backend(), width, "", "  ").forEach(l -> out.println(style.dim(l)));
        }
        switch (you.status()) {
            case COMPILE_ERROR -> compileErrors(you.compileErrors(), you.source(), out);
            case TIMEOUT, CRASHED -> stopped(you, out);
            case INTERRUPTED -> Text.wrap(style.yellow("Interrupted: ") + "the check was stopped before it "
                    + "finished; nothing was judged or recorded.", width, "", "  ").forEach(out::println);
            default -> verdicts(result, out);
        }
        out.println();
        summary(result).lines().forEach(out::println);
        if (you.status() != RunStatus.COMPILE_ERROR && !result.timing().isEmpty()) {
            Text.wrap("The seed repeats tokens, pauses, values and fault order; thread timing decides:", width, "",
                    "  ").forEach(l -> out.println(style.dim(l)));
            result.timing().forEach(part -> Text.wrap("- " + part, width, "  ", "    ")
                    .forEach(l -> out.println(style.dim(l))));
        }
        out.flush();
    }

    /** As javac prints them, each file named from the folder the header already names. */
    private void compileErrors(List<CompileDiagnostic> errors, String source, PrintWriter out) {
        out.println();
        out.println(style.red("Your code did not compile (" + errors.size() + " error"
                + (errors.size() == 1 ? "" : "s") + "):"));
        for (CompileDiagnostic error : errors.subList(0, Math.min(errors.size(), MAX_COMPILE_ERRORS))) {
            String file = relative(error.file(), source);
            print(out, Text.wrap(style.bold(file + ":" + error.line()) + ": " + style.red("error: ")
                    + error.headline(), width, "  ", "      "));
            error.excerpt().forEach(line -> out.println("      " + line));
            error.details().forEach(line -> Text.wrap(line, width, "    ", "      ")
                    .forEach(l -> out.println(style.dim(l))));
        }
        if (errors.size() > MAX_COMPILE_ERRORS) {
            out.println(style.dim("  … and " + (errors.size() - MAX_COMPILE_ERRORS) + " more (fix these first)"));
        }
    }

    private void stopped(ImplementationRun run, PrintWriter out) {
        out.println();
        print(out, Text.wrap(style.red(run.status() == RunStatus.TIMEOUT ? "Timed out: " : "Crashed: ")
                + run.message(), width, "", "  "));
        if (!run.detail().isBlank()) {
            run.detail().lines().limit(MAX_DETAIL_LINES).forEach(line -> Text.wrap(line, width, "  ", "      ")
                    .forEach(l -> out.println(style.dim(l))));
        }
    }

    private void verdicts(CheckResult result, PrintWriter out) {
        ImplementationRun you = result.you();
        if (!you.message().isBlank()) {
            Text.wrap(you.message(), width, "").forEach(l -> out.println(style.yellow(l)));
        }
        faults(you, out);
        out.println();
        boolean compare = result.compared();
        List<List<String>> rows = new ArrayList<>();
        rows.add(compare ? List.of("Invariants", "you", "reference") : List.of("Invariants", "you"));
        for (InvariantResult mine : you.invariants()) {
            String theirs = compare ? referenceVerdict(result.reference(), mine.name()) : null;
            rows.add(theirs == null ? List.of("  " + mine.name(), verdict(mine.verdict()))
                    : List.of("  " + mine.name(), verdict(mine.verdict()), theirs));
        }
        table(rows, out);
        notExercised(you, out);
        for (InvariantResult mine : you.invariants()) {
            if (!mine.passed()) {
                evidence(mine, out);
            }
        }
        if (you.history() != null) {
            Timeline.teaching(you.history(), you.invariants(), lesson).ifPresent(timeline -> {
                out.println();
                new TerminalTimeline(style, width).render(timeline, out);
            });
        }
        metrics(result, out);
        if (compare && result.reference().status() != RunStatus.PASS) {
            out.println();
            Text.wrap("Note: the reference did not pass this run either (" + result.reference()
                    .status().label() + (result.reference().message().isBlank() ? "" : ": "
                    + Text.clause(result.reference().message())) + "). Check the environment with `lockdrill doctor`.",
                    width, "", "  ").forEach(l -> out.println(style.yellow(l)));
        }
    }

    private void faults(ImplementationRun run, PrintWriter out) {
        if (run.history() == null || run.history().faults().isEmpty()) {
            return;
        }
        out.println();
        out.println(style.bold("Faults injected"));
        List<List<String>> rows = new ArrayList<>();
        for (FaultEvent fault : run.history().faults()) {
            rows.add(List.of("  " + fault.name(), fault.scenario(), Text.shortIds(fault.description())));
        }
        Columns columns = Columns.fit(rows, width, "", 2, 24);
        rows.forEach(row -> print(out, columns.render(row)));
    }

    private void table(List<List<String>> rows, PrintWriter out) {
        Columns columns = Columns.fit(rows, width, "", 0, 20);
        for (int i = 0; i < rows.size(); i++) {
            List<String> row = new ArrayList<>(rows.get(i));
            row.set(0, Text.fit(row.get(0), columns.width(0)));
            List<String> lines = columns.render(row);
            print(out, i == 0 ? lines.stream().map(style::bold).toList() : lines);
        }
    }

    /** {@code file} from inside {@code folder} when it is there (either may be relative to a different root). */
    static String relative(String file, String folder) {
        for (int i = 0; i < folder.length(); i = folder.indexOf('/', i + 1) < 0 ? folder.length()
                : folder.indexOf('/', i + 1)) {
            String tail = folder.substring(i).replaceFirst("^/", "");
            if (!tail.isEmpty() && file.startsWith(tail + "/")) {
                return file.substring(tail.length() + 1);
            }
        }
        return file;
    }

    private static void print(PrintWriter out, List<String> lines) {
        lines.forEach(out::println);
    }

    /** Why an invariant was not judged (a scenario not run, nothing happened that it judges). */
    private void notExercised(ImplementationRun run, PrintWriter out) {
        List<InvariantResult> unjudged = run.invariants().stream().filter(r -> !r.exercised()).toList();
        if (unjudged.isEmpty()) {
            return;
        }
        out.println();
        for (InvariantResult result : unjudged) {
            String why = result.evidence().isEmpty() ? "nothing to judge" : result.evidence().get(0).text();
            Text.wrap(result.name() + " not exercised: " + why, width, "  ", "    ")
                    .forEach(l -> out.println(style.dim(l)));
        }
    }

    private void evidence(InvariantResult result, PrintWriter out) {
        out.println();
        String mark = result.verdict() == Verdict.FAIL ? style.red("✗ " + result.name())
                : style.yellow("? " + result.name());
        print(out, Text.wrap(mark + style.dim(" — " + result.description()), width, "", "    "));
        List<Evidence> lines = result.evidence();
        lines.stream().limit(MAX_EVIDENCE).forEach(e -> print(out, Text.wrap(Text.shortIds(e.text()), width,
                "    ", "      ")));
        if (lines.size() > MAX_EVIDENCE) {
            out.println(style.dim("    … " + (lines.size() - MAX_EVIDENCE) + " more in result.json"));
        }
    }

    private void metrics(CheckResult result, PrintWriter out) {
        List<MetricComparison> metrics = result.score().metrics();
        if (metrics.isEmpty()) {
            return;
        }
        out.println();
        boolean compare = result.compared();
        List<List<String>> rows = new ArrayList<>();
        rows.add(compare ? List.of("Metrics", "you", "reference", "ratio") : List.of("Metrics", "you"));
        for (MetricComparison m : metrics) {
            if (compare) {
                rows.add(List.of("  " + m.name(), number(m.you(), m.unit()), number(m.reference(), m.unit()),
                        (m.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", m.ratio()))
                                + (m.flagged() ? style.yellow(" far off, -" + Scoring.PENALTY_PER_FLAGGED_METRIC)
                                : "")));
            } else {
                rows.add(List.of("  " + m.name(), number(m.you(), m.unit())));
            }
        }
        table(rows, out);
    }

    /** The verdict line; the replay command goes on a line of its own when both do not fit. */
    private String summary(CheckResult result) {
        RunStatus status = result.status();
        String label = status.label().toUpperCase(Locale.ROOT);
        String head = status == RunStatus.PASS ? style.green(style.bold(label)) : status == RunStatus.UNKNOWN
                ? style.yellow(style.bold(label)) : style.red(style.bold(label));
        String score = status == RunStatus.COMPILE_ERROR ? "" : " · " + result.score().invariantsPassed() + "/"
                + Text.count(result.score().invariantsTotal(), "invariant") + " (score " + result.score().score()
                + ")";
        String replay = "replay: " + result.replayCommand();
        String line = head + score + style.dim(" · " + replay);
        return Text.visible(line) <= width ? line : head + score + "\n" + String.join("\n",
                Text.wrap(replay, width, "", "  ").stream().map(style::dim).toList());
    }

    private String referenceVerdict(ImplementationRun reference, String name) {
        Optional<InvariantResult> theirs = reference.invariants().stream().filter(r -> r.name().equals(name))
                .findFirst();
        return theirs.map(r -> verdict(r.verdict())).orElse(style.dim(reference.status().label()));
    }

    private String verdict(Verdict verdict) {
        return switch (verdict) {
            case PASS -> style.green("pass");
            case FAIL -> style.red("FAIL");
            case UNKNOWN -> style.yellow("unknown");
            case NOT_EXERCISED -> style.dim("not exercised");
        };
    }

    private static String number(double value, String unit) {
        if (Double.isNaN(value)) {
            return "-";
        }
        String n = value >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.1f", value);
        return unit.equals("/s") ? n : n + " " + unit;
    }
}
