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

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Renders a check result for a person at a terminal (fits 100 columns). */
public final class TerminalReport {
    static final int MAX_EVIDENCE = 8;
    static final int MAX_COMPILE_ERRORS = 5;
    static final int MAX_DETAIL_LINES = 20;
    private final Style style;

    public TerminalReport(Style style) {
        this.style = style;
    }

    public void render(CheckResult result, PrintWriter out) {
        ImplementationRun you = result.you();
        out.println(style.bold(result.kata()) + style.dim(" · seed " + result.seed() + " · " + you.source()
                + (result.compared() ? " vs reference" : "")));
        if (result.backend() != null) {
            out.println(style.dim("PostgreSQL: " + result.backend()));
        }
        switch (you.status()) {
            case COMPILE_ERROR -> compileErrors(you.compileErrors(), out);
            case TIMEOUT, CRASHED -> stopped(you, out);
            case INTERRUPTED -> out.println(style.yellow("Interrupted: ") + "the check was stopped before it "
                    + "finished; nothing was judged or recorded.");
            default -> verdicts(result, out);
        }
        out.println();
        out.println(summary(result));
        if (you.status() != RunStatus.COMPILE_ERROR && !result.timing().isEmpty()) {
            out.println(style.dim("The seed repeats tokens, pauses, values and fault order; thread timing decides:"));
            result.timing().forEach(part -> out.println(style.dim("  - " + part)));
        }
        out.flush();
    }

    private void compileErrors(List<CompileDiagnostic> errors, PrintWriter out) {
        out.println();
        out.println(style.red("Your code did not compile (" + errors.size() + " error"
                + (errors.size() == 1 ? "" : "s") + "):"));
        for (CompileDiagnostic error : errors.subList(0, Math.min(errors.size(), MAX_COMPILE_ERRORS))) {
            out.println("  " + style.bold(error.file() + ":" + error.line()) + ": " + style.red("error: ")
                    + error.headline());
            error.excerpt().forEach(line -> out.println("      " + line));
            error.details().forEach(line -> out.println("    " + style.dim(line)));
        }
        if (errors.size() > MAX_COMPILE_ERRORS) {
            out.println(style.dim("  … and " + (errors.size() - MAX_COMPILE_ERRORS) + " more (fix these first)"));
        }
    }

    private void stopped(ImplementationRun run, PrintWriter out) {
        out.println();
        out.println(style.red(run.status() == RunStatus.TIMEOUT ? "Timed out: " : "Crashed: ") + run.message());
        if (!run.detail().isBlank()) {
            run.detail().lines().limit(MAX_DETAIL_LINES).forEach(line -> out.println(style.dim("  " + line)));
        }
    }

    private void verdicts(CheckResult result, PrintWriter out) {
        ImplementationRun you = result.you();
        if (!you.message().isBlank()) {
            out.println(style.yellow(you.message()));
        }
        faults(you, out);
        out.println();
        boolean compare = result.compared();
        out.println(style.bold(String.format(Locale.ROOT, "%-34s %-9s%s", "Invariants", "you",
                compare ? "reference" : "")));
        for (InvariantResult mine : you.invariants()) {
            String theirs = compare ? referenceVerdict(result.reference(), mine.name()) : "";
            out.println(String.format(Locale.ROOT, "  %-32s %s%s", mine.name(), pad(verdict(mine.verdict()), 9),
                    theirs));
        }
        notExercised(you, out);
        for (InvariantResult mine : you.invariants()) {
            if (!mine.passed()) {
                evidence(mine, out);
            }
        }
        if (you.history() != null) {
            Timeline.firstFailing(you.history(), you.invariants()).ifPresent(timeline -> {
                out.println();
                new TerminalTimeline(style).render(timeline, out);
            });
        }
        metrics(result, out);
        if (compare && result.reference().status() != RunStatus.PASS) {
            out.println();
            out.println(style.yellow("Note: the reference did not pass this run either (" + result.reference()
                    .status().label() + (result.reference().message().isBlank() ? "" : ": "
                    + result.reference().message()) + "). Check the environment with `lockdrill doctor`."));
        }
    }

    private void faults(ImplementationRun run, PrintWriter out) {
        if (run.history() == null || run.history().faults().isEmpty()) {
            return;
        }
        out.println();
        out.println(style.bold("Faults injected"));
        for (FaultEvent fault : run.history().faults()) {
            out.println(String.format(Locale.ROOT, "  %-7s %-19s %s", fault.name(), fault.scenario(),
                    fault.description()));
        }
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
            out.println(style.dim("  " + result.name() + " not exercised: " + why));
        }
    }

    private void evidence(InvariantResult result, PrintWriter out) {
        out.println();
        String mark = result.verdict() == Verdict.FAIL ? style.red("✗ " + result.name())
                : style.yellow("? " + result.name());
        out.println(mark + style.dim(" — " + result.description()));
        List<Evidence> lines = result.evidence();
        lines.stream().limit(MAX_EVIDENCE).forEach(e -> out.println("    " + e.text()));
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
        out.println(style.bold(String.format(Locale.ROOT, "%-34s %-12s%s", "Metrics", "you",
                compare ? "reference    ratio" : "")));
        for (MetricComparison m : metrics) {
            String line = String.format(Locale.ROOT, "  %-32s %-12s", m.name(), number(m.you(), m.unit()));
            if (compare) {
                line += String.format(Locale.ROOT, "%-12s %s", number(m.reference(), m.unit()),
                        m.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", m.ratio()));
                if (m.flagged()) {
                    line += style.yellow(" far off, -" + Scoring.PENALTY_PER_FLAGGED_METRIC);
                }
            }
            out.println(line);
        }
    }

    private String summary(CheckResult result) {
        RunStatus status = result.status();
        String label = status.label().toUpperCase(Locale.ROOT);
        String head = status == RunStatus.PASS ? style.green(style.bold(label)) : status == RunStatus.UNKNOWN
                ? style.yellow(style.bold(label)) : style.red(style.bold(label));
        String score = status == RunStatus.COMPILE_ERROR ? "" : " · " + result.score().invariantsPassed() + "/"
                + result.score().invariantsTotal() + " invariants (score " + result.score().score() + ")";
        return head + score + style.dim(" · replay: " + result.replayCommand());
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

    private String pad(String styled, int width) {
        int visible = styled.replaceAll("\u001b\\[[0-9;]*m", "").length();
        return styled + " ".repeat(Math.max(1, width - visible));
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
