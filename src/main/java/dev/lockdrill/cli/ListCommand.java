package dev.lockdrill.cli;

import dev.lockdrill.app.DrillService;
import dev.lockdrill.app.KataService;
import dev.lockdrill.drill.DrillStats;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.support.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** `lockdrill list`: the katas, in order, with the learner's status. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the katas and your status on each.")
final class ListCommand extends BaseCommand {
    @Option(names = "--json", description = "Print JSON for scripts.")
    boolean json;

    @Override
    int run() throws Exception {
        List<KataService.KataEntry> entries = new KataService(app()).list();
        if (json) {
            List<Map<String, Object>> rows = entries.stream().map(ListCommand::row).toList();
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(
                    Map.of("katas", rows, "drills", drillRows())));
            return 0;
        }
        int titles = entries.stream().mapToInt(e -> e.manifest().title().length()).max().orElse(5);
        out().println(style().bold(String.format(Locale.ROOT, "%-3s %-20s %-" + titles + "s %-12s %s", "#", "kata",
                "title", "status", "hints")));
        for (KataService.KataEntry e : entries) {
            KataProgress p = e.progress();
            String status = switch (p.status()) {
                case KataProgress.PASSED -> style().green(pad(p.status(), 12));
                case KataProgress.ATTEMPTED -> style().yellow(pad(p.status(), 12));
                default -> style().dim(pad(p.status(), 12));
            };
            out().println(String.format(Locale.ROOT, "%-3d %-20s %-" + titles + "s ", e.manifest().order(),
                    e.manifest().id(), e.manifest().title()) + status + " " + p.hintsUsed() + "/" + e.manifest().hints().size());
        }
        long done = entries.stream().filter(e -> KataProgress.PASSED.equals(e.progress().status())).count();
        out().println(style().dim(done + " of " + entries.size() + " katas passed. `lockdrill show <kata>` "
                + "for the brief, `lockdrill check <kata>` to check your code."));
        List<DrillStats.CardRow> drills = drillRows();
        out().println();
        int drillTitles = drills.stream().mapToInt(d -> d.title().length()).max().orElse(5);
        out().println(style().bold(String.format(Locale.ROOT, "%-37s %-" + drillTitles + "s %s", "drill", "title",
                "due")));
        Instant now = app().clock().instant();
        for (DrillStats.CardRow d : drills) {
            out().println(String.format(Locale.ROOT, "%-37s %-" + drillTitles + "s ", d.id(), d.title())
                    + (d.dueNow() ? style().yellow("now") : Due.when(Instant.parse(d.due()), now)));
        }
        out().println(style().dim(drills.stream().filter(DrillStats.CardRow::dueNow).count() + " of " + drills.size()
                + " drills due. `lockdrill drill` practises the next one, `lockdrill practice` builds a session."));
        return 0;
    }

    private List<DrillStats.CardRow> drillRows() {
        DrillService drills = new DrillService(app());
        return DrillStats.rows(drills.catalog().cards(), drills.state(), app().clock().instant());
    }

    private static String pad(String s, int width) {
        return String.format(Locale.ROOT, "%-" + width + "s", s);
    }

    private static Map<String, Object> row(KataService.KataEntry e) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", e.manifest().id());
        row.put("order", e.manifest().order());
        row.put("title", e.manifest().title());
        row.put("status", e.progress().status());
        row.put("attempts", e.progress().attempts());
        row.put("hintsUsed", e.progress().hintsUsed());
        row.put("hintsTotal", e.manifest().hints().size());
        row.put("lastStatus", e.progress().lastStatus());
        row.put("checkable", e.checkable());
        return row;
    }
}
