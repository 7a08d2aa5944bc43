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
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
        return paged(!json, this::screen);
    }

    private int screen() throws Exception {
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
        List<List<String>> kataRows = new ArrayList<>();
        for (KataService.KataEntry e : entries) {
            KataProgress p = e.progress();
            String mark = KataProgress.PASSED.equals(p.status()) ? style().green("✔")
                    : KataProgress.ATTEMPTED.equals(p.status()) ? style().yellow("…") : style().dim("·");
            kataRows.add(List.of(mark, e.manifest().id(), p.status(), Text.count(p.attempts(), "check") + ", "
                    + p.hintsUsed() + "/" + e.hints() + " hints"
                    + (p.lastStatus() == null ? "" : ", last: " + p.lastStatus())));
        }
        Columns katas = Columns.fit(kataRows, width(), "  ", 3, 16);
        kataRows.forEach(row -> katas.render(row).forEach(out()::println));
        drills(rows, now);
        if (!missed.isEmpty()) {
            out().println(style().bold("Rubric points you missed most"));
            List<List<String>> missedRows = missed.stream().map(m -> List.of(String.format(Locale.ROOT, "%2d×",
                    m.times()), m.drill(), m.point())).toList();
            Columns columns = Columns.fit(missedRows, width(), "  ", 2, 20);
            missedRows.forEach(row -> columns.render(row).forEach(out()::println));
        }
        return 0;
    }

    private void drills(List<DrillStats.CardRow> rows, Instant now) {
        long practised = rows.stream().filter(r -> r.reviews() > 0).count();
        long due = rows.stream().filter(DrillStats.CardRow::dueNow).count();
        out().println(style().bold("Drills: " + practised + " of " + rows.size() + " practised, " + due + " due now"));
        List<List<String>> table = new ArrayList<>();
        for (DrillStats.CardRow r : rows) {
            String last = r.lastRating() == null ? "never" : label(r.lastRating())
                    + String.format(Locale.ROOT, " %3d%%", Math.round(r.lastScore() * 100));
            String when = r.dueNow() ? style().yellow("due now") : Due.when(Instant.parse(r.due()), now);
            table.add(List.of(r.id(), String.format(Locale.ROOT, "%2d×", r.reviews()), last, when
                    + (r.pulledForwardBy() == null ? "" : style().dim(" (" + r.pulledForwardBy() + ")"))));
        }
        Columns columns = Columns.fit(table, width(), "  ", 3, 16);
        table.forEach(row -> columns.render(row).forEach(out()::println));
    }

    private void history(WorkbookState state, String id) {
        var progress = state.drill(id);
        Text.wrap(style().bold(id) + ": " + Text.count(progress.reviews().size(), "practice") + ", state "
                + progress.schedule().state().name().toLowerCase(Locale.ROOT) + ", due "
                + Due.when(progress.schedule().dueAt(app().clock().instant()), app().clock().instant()), width(), "",
                "  ").forEach(out()::println);
        for (DrillReview r : progress.reviews()) {
            out().println(String.format(Locale.ROOT, "  %s  %-5s %3d%%  %s%s%s", r.at(), label(r.rating()),
                    Math.round(r.score() * 100), Countdown.format(Duration.ofSeconds(r.answerSeconds())),
                    r.timedOut() ? " (time ran out)" : "",
                    r.pointsHeard() == null ? "" : "  heard " + r.pointsHeard() + "/" + r.rubricPoints()));
            r.missed().forEach(m -> Text.wrap("missed: " + m, width(), "      ", "        ")
                    .forEach(l -> out().println(style().dim(l))));
        }
    }

    private static String label(int rating) {
        return Rating.fromKey(String.valueOf(rating)).map(Rating::label).orElse("?");
    }
}
