package dev.lockdrill.cli;

import dev.lockdrill.app.DrillService;
import dev.lockdrill.app.KataService;
import dev.lockdrill.drill.DrillStats;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** `lockdrill list`: the katas, in order, with the learner's status. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the katas and your status on each.")
final class ListCommand extends BaseCommand {
    @Option(names = "--json", description = "Print JSON for scripts.")
    boolean json;

    @Override
    int run() throws Exception {
        return paged(!json, this::screen);
    }

    private int screen() throws Exception {
        List<KataService.KataEntry> entries = new KataService(app()).list();
        if (json) {
            List<Map<String, Object>> rows = entries.stream().map(ListCommand::row).toList();
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(
                    Map.of("katas", rows, "drills", drillRows())));
            return 0;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(style().bold("#"), style().bold("kata"), style().bold("title"), style().bold("status"),
                style().bold("hints")));
        for (KataService.KataEntry e : entries) {
            KataProgress p = e.progress();
            String status = switch (p.status()) {
                case KataProgress.PASSED -> style().green(p.status());
                case KataProgress.ATTEMPTED -> style().yellow(p.status());
                default -> style().dim(p.status());
            };
            rows.add(List.of(String.valueOf(e.manifest().order()), e.manifest().id(), e.manifest().title(), status,
                    p.hintsUsed() + "/" + e.hints()));
        }
        Columns katas = Columns.fit(rows, width(), "", 2, 16);
        rows.forEach(row -> katas.render(row).forEach(out()::println));
        long done = entries.stream().filter(e -> KataProgress.PASSED.equals(e.progress().status())).count();
        Text.wrap(done + " of " + Text.count(entries.size(), "kata") + " passed. `lockdrill show <kata>` "
                + "for the brief, `lockdrill check <kata>` to check your code.", width(), "")
                .forEach(l -> out().println(style().dim(l)));
        List<DrillStats.CardRow> drills = drillRows();
        out().println();
        Instant now = app().clock().instant();
        List<List<String>> drillTable = new ArrayList<>();
        drillTable.add(List.of(style().bold("drill"), style().bold("title"), style().bold("due")));
        for (DrillStats.CardRow d : drills) {
            drillTable.add(List.of(d.id(), d.title(), d.dueNow() ? style().yellow("now")
                    : Due.when(Instant.parse(d.due()), now)));
        }
        Columns columns = Columns.fit(drillTable, width(), "", 1, 16);
        drillTable.forEach(row -> columns.render(row).forEach(out()::println));
        Text.wrap(drills.stream().filter(DrillStats.CardRow::dueNow).count() + " of "
                + Text.count(drills.size(), "drill") + " due. `lockdrill drill` practises the next one, "
                + "`lockdrill practice` builds a session.", width(), "").forEach(l -> out().println(style().dim(l)));
        return 0;
    }

    private List<DrillStats.CardRow> drillRows() {
        DrillService drills = new DrillService(app());
        return DrillStats.rows(drills.catalog().cards(), drills.state(), app().clock().instant());
    }

    private static Map<String, Object> row(KataService.KataEntry e) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", e.manifest().id());
        row.put("order", e.manifest().order());
        row.put("title", e.manifest().title());
        row.put("status", e.progress().status());
        row.put("attempts", e.progress().attempts());
        row.put("hintsUsed", e.progress().hintsUsed());
        row.put("hintsTotal", e.hints());
        row.put("lastStatus", e.progress().lastStatus());
        row.put("checkable", e.checkable());
        return row;
    }
}
