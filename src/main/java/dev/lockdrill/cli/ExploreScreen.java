package dev.lockdrill.cli;

import dev.lockdrill.app.ExploreService;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What `check KATA --explore` prints: how much was explored, and the shrunk schedule that failed, if any. */
final class ExploreScreen {
    static final int MAX_EVIDENCE = 6;

    private final Style style;
    private final int width;

    ExploreScreen(Style style, int width) {
        this.style = style;
        this.width = width;
    }

    void render(ExploreService.Result result, PrintWriter out) {
        if (result.replay()) {
            wrap(out, style.bold(result.kata()) + style.dim(" · replay of schedule "
                    + (result.found() ? result.finding().found() : result.firstSeed()) + " · " + result.source()), "  ");
        } else {
            wrap(out, style.bold(result.kata()) + " · explored " + result.source() + " for "
                    + seconds(result.millis()) + ": " + plural(result.schedules(), "schedule") + " from seed "
                    + result.firstSeed() + " in " + plural(result.runs(), "check process", "check processes")
                    + (result.lanes() > 1 ? ", " + result.lanes() + " at a time" : ""), "  ");
        }
        ExploreService.Finding finding = result.finding();
        if (finding == null) {
            out.println();
            if (result.replay()) {
                wrap(out, style.green("Passed this time. ") + "If it failed before, the failure depends on thread "
                        + "timing: replay it a few more times.", "");
            } else {
                wrap(out, style.green("No violation found. ") + "Every generated schedule kept every invariant; "
                        + "a longer --explore tries more.", "");
            }
            return;
        }
        out.println();
        String size = finding.shrunk().equals(finding.found()) ? plural(finding.foundSteps(), "step")
                : plural(finding.foundSteps(), "step") + ", shrunk to " + finding.steps().size() + " in "
                + plural(finding.shrinkRuns(), "run");
        boolean unjudged = result.exitCode() == ExitCodes.UNKNOWN;
        wrap(out, (unjudged ? style.yellow("? ") : style.red("✗ ")) + (finding.failed().isEmpty() ? "the check process " + finding.ended()
                : what(finding.failed())) + " on schedule " + finding.found() + " (" + size + ")", "  ");
        out.println();
        out.println(style.bold("Steps"));
        for (ExploreService.StepLine step : finding.steps()) {
            Text.wrap(String.format(Locale.ROOT, "%3d  %-9s %s", step.step(), step.actor(), step.does()), width, "  ",
                    " ".repeat(17)).forEach(out::println);
        }
        for (InvariantResult failed : finding.failed()) {
            out.println();
            wrap(out, (failed.verdict() == Verdict.FAIL ? style.red("✗ " + failed.name())
                    : style.yellow("? " + failed.name())) + style.dim(" — " + failed.description()), "  ");
            List<Evidence> evidence = failed.evidence();
            evidence.stream().limit(MAX_EVIDENCE).forEach(e -> Text.wrap(local(e.text(), finding), width, "    ",
                    "      ").forEach(out::println));
            if (evidence.size() > MAX_EVIDENCE) {
                out.println(style.dim("    … " + (evidence.size() - MAX_EVIDENCE) + " more"));
            }
        }
        out.println();
        wrap(out, "Replay: " + result.replayCommand() + finding.shrunk(), "  ");
        wrap(out, style.dim("The steps, their order and which of them overlap replay exactly; a TTL that runs "
                + "out during a pause rides on the clock, so such a replay may need a second try."), "");
    }

    /** "a, b failed", and the invariants whose check threw: "c could not be judged". */
    private static String what(List<InvariantResult> results) {
        List<String> parts = new ArrayList<>();
        List<String> failed = results.stream().filter(r -> r.verdict() == Verdict.FAIL).map(InvariantResult::name)
                .toList();
        List<String> unjudged = results.stream().filter(r -> r.verdict() != Verdict.FAIL).map(InvariantResult::name)
                .toList();
        if (!failed.isEmpty()) {
            parts.add(String.join(", ", failed) + " failed");
        }
        if (!unjudged.isEmpty()) {
            parts.add(String.join(", ", unjudged) + " could not be judged");
        }
        return String.join("; ", parts);
    }

    /** Evidence names keys and scenarios after the schedule ("explore-4711:0,3/a"): on this screen, "a". */
    private static String local(String text, ExploreService.Finding finding) {
        String scenario = finding.shrunk().scenario();
        return Text.shortIds(text.replace(scenario + "/", "").replace(" in " + scenario, "")
                .replace(scenario, "the schedule"));
    }

    static Map<String, Object> toMap(ExploreService.Result result) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kata", result.kata());
        out.put("source", result.source());
        out.put("replay", result.replay());
        out.put("firstSeed", result.firstSeed());
        out.put("schedules", result.schedules());
        out.put("runs", result.runs());
        out.put("lanes", result.lanes());
        out.put("millis", result.millis());
        out.put("budgetMillis", result.budgetMillis());
        out.put("found", result.found());
        if (result.found()) {
            ExploreService.Finding finding = result.finding();
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("schedule", finding.found().toString());
            f.put("steps", finding.foundSteps());
            f.put("shrunk", finding.shrunk().toString());
            f.put("shrinkRuns", finding.shrinkRuns());
            f.put("ended", finding.ended());
            List<Map<String, Object>> steps = new ArrayList<>();
            for (ExploreService.StepLine step : finding.steps()) {
                steps.add(Map.of("step", step.step(), "actor", step.actor(), "does", step.does()));
            }
            f.put("shrunkSteps", steps);
            List<Map<String, Object>> failed = new ArrayList<>();
            for (InvariantResult r : finding.failed()) {
                failed.add(Map.of("name", r.name(), "description", r.description(),
                        "verdict", r.verdict().name().toLowerCase(Locale.ROOT),
                        "evidence", r.evidence().stream().map(Evidence::text).toList()));
            }
            f.put("failed", failed);
            f.put("replayCommand", result.replayCommand() + finding.shrunk());
            out.put("finding", f);
        }
        return out;
    }

    static String json(ExploreService.Result result) {
        try {
            return Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(toMap(result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an exploration result could not be written as JSON", e);
        }
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static String plural(int n, String one) {
        return plural(n, one, one + "s");
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** Prints the text wrapped at the screen's width, later lines indented. */
    private void wrap(PrintWriter out, String text, String indent) {
        Text.wrap(text, width, "", indent).forEach(out::println);
    }

}
