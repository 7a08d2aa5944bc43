package dev.lockdrill.cli;

import dev.lockdrill.app.KataService;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.support.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** `lockdrill progress`: what is done. */
@Command(name = "progress", mixinStandardHelpOptions = true, description = "Show what you have done so far.")
final class ProgressCommand extends BaseCommand {
    @Option(names = "--json", description = "Print JSON for scripts.")
    boolean json;

    @Override
    int run() throws Exception {
        List<KataService.KataEntry> entries = new KataService(app()).list();
        long passed = entries.stream().filter(e -> KataProgress.PASSED.equals(e.progress().status())).count();
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("katasPassed", passed);
            out.put("katasTotal", entries.size());
            Map<String, Object> katas = new LinkedHashMap<>();
            entries.forEach(e -> katas.put(e.manifest().id(), e.progress()));
            out.put("katas", katas);
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(out));
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
        return 0;
    }
}
