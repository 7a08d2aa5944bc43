package dev.lockdrill.cli;

import dev.lockdrill.app.DrillService;
import dev.lockdrill.app.KataService;
import dev.lockdrill.drill.Countdown;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.DrillStats;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.progress.Rating;
import dev.lockdrill.progress.WorkbookState;
import dev.lockdrill.support.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** `lockdrill progress`: what is done, which drills are due, what is missed most. */
@Command(name = "progress", mixinStandardHelpOptions = true,
        description = "Show what you have done so far: katas, drill history and due dates, rubric points missed most.")
final class ProgressCommand extends BaseCommand {
    static final int MOST_MISSED = 5;

    @Option(names = "--json", description = "Print JSON for scripts.")
    boolean json;

    @Option(names = "--drill", paramLabel = "ID", completionCandidates = DrillIds.class,
            description = "Show every practice of one drill card.")
    String drill;

    @Override
    int run() throws Exception {
        List<KataService.KataEntry> entries = new KataService(app()).list();
        DrillService drills = new DrillService(app());
        WorkbookState state = drills.state();
        List<DrillCard> cards = drill == null ? drills.catalog().cards() : List.of(drills.catalog().card(drill));
        Instant now = app().clock().instant();
        List<DrillStats.CardRow> rows = DrillStats.rows(cards, state, now);
        List<DrillStats.MissedPoint> missed = DrillStats.mostMissed(state, MOST_MISSED);
        long passed = entries.stream().filter(e -> KataProgress.PASSED.equals(e.progress().status())).count();
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("katasPassed", passed);
            out.put("katasTotal", entries.size());
            Map<String, Object> katas = new LinkedHashMap<>();
            entries.forEach(e -> katas.put(e.manifest().id(), e.progress()));
            out.put("katas", katas);
            out.put("drills", rows);
            out.put("drillHistory", drill == null ? state.drills() : Map.of(drill, state.drill(drill)));
            out.put("mostMissed", missed);
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(out));
            return 0;
        }
        if (drill != null) {
            history(state, drill);
            return 0;
        }
        out().println(style().bold("Katas: " + passed + " of " + entries.size() + " passed"));
        for (KataService.KataEntry e : entries) {
            KataProgress p = e.progress();
            String mark = KataProgress.PASSED.equals(p.status()) ? style().green("✔")
                    : KataProgress.ATTEMPTED.equals(p.status()) ? style().yellow("…") : style().dim("·");
            out().println(String.format(Locale.ROOT, "  %s %-20s %-12s %d checks, %d/%d hints%s", mark,
                    e.manifest().id(), p.status(), p.attempts(), p.hintsUsed(), e.manifest().hints().size(),
                    p.lastStatus() == null ? "" : ", last: " + p.lastStatus()));
        }
        drills(rows, now);
        if (!missed.isEmpty()) {
            out().println(style().bold("Rubric points you missed most"));
            missed.forEach(m -> out().println(String.format(Locale.ROOT, "  %2d× %-28s %s", m.times(), m.drill(),
                    m.point())));
        }
        return 0;
    }

    private void drills(List<DrillStats.CardRow> rows, Instant now) {
        long practised = rows.stream().filter(r -> r.reviews() > 0).count();
        long due = rows.stream().filter(DrillStats.CardRow::dueNow).count();
        out().println(style().bold("Drills: " + practised + " of " + rows.size() + " practised, " + due + " due now"));
        for (DrillStats.CardRow r : rows) {
            String last = r.lastRating() == null ? "never" : label(r.lastRating())
                    + String.format(Locale.ROOT, " %3d%%", Math.round(r.lastScore() * 100));
            String when = r.dueNow() ? style().yellow("due now") : Due.when(Instant.parse(r.due()), now);
            out().println(String.format(Locale.ROOT, "  %-37s %2d× %-11s ", r.id(), r.reviews(), last) + when
                    + (r.pulledForwardBy() == null ? "" : style().dim(" (" + r.pulledForwardBy() + ")")));
        }
    }

    private void history(WorkbookState state, String id) {
        var progress = state.drill(id);
        out().println(style().bold(id) + ": " + progress.reviews().size() + " practices, state "
                + progress.schedule().state().name().toLowerCase(Locale.ROOT) + ", due "
                + Due.when(progress.schedule().dueAt(app().clock().instant()), app().clock().instant()));
        for (DrillReview r : progress.reviews()) {
            out().println(String.format(Locale.ROOT, "  %s  %-5s %3d%%  %s%s", r.at(), label(r.rating()),
                    Math.round(r.score() * 100), Countdown.format(Duration.ofSeconds(r.answerSeconds())), r.timedOut() ? " (time ran out)" : ""));
            r.missed().forEach(m -> out().println(style().dim("      missed: " + m)));
        }
    }

    private static String label(int rating) {
        return Rating.fromKey(String.valueOf(rating)).map(Rating::label).orElse("?");
    }
}
