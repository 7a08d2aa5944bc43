package dev.lockdrill.cli;

import dev.lockdrill.app.DoctorService;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Secrets;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** `lockdrill doctor`: what a check needs, and what is missing. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Check the environment a check needs, and say how to fix what is missing.",
                "Java, the workbook, which PostgreSQL backend is used and why (and whether it answers), Docker, "
                        + "Redis (for the later katas) and disk space for .lockdrill/. Each line is ok, warn or "
                        + "FAIL with the fix. Exit code 2 when something fails."})
final class DoctorCommand extends BaseCommand {
    @Option(names = "--jdbc-url", paramLabel = "URL", description = "The PostgreSQL URL you would pass to check.")
    String jdbcUrl;

    @Option(names = "--json", description = "Print JSON for scripts.")
    boolean json;

    @Option(names = "--clean", description = "Also drop every run schema left in PostgreSQL by checks that are "
            + "no longer running (after a kill -9 or a crash), remove the run folders, temp files and temporary "
            + "folders they left (stopping a pooler left running), and say which.")
    boolean clean;

    @Override
    int run() throws Exception {
        return paged(!json, this::screen);
    }

    private int screen() throws Exception {
        List<DoctorService.Finding> findings = new ArrayList<>(new DoctorService(app(), System.getenv())
                .examine(jdbcUrl));
        if (clean) {
            findings.add(new DoctorService(app(), System.getenv()).clean(jdbcUrl));
            findings.add(new DoctorService(app(), System.getenv()).cleanFiles());
        }
        boolean failed = findings.stream().anyMatch(f -> f.level() == DoctorService.Level.FAIL);
        if (json) {
            out().println(Secrets.redact(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(
                    Map.of("ok", !failed, "findings", findings))));
            return failed ? 2 : 0;
        }
        int name = findings.stream().mapToInt(f -> f.check().length()).max().orElse(8);
        String indent = " ".repeat(6 + name + 1);
        for (DoctorService.Finding f : findings) {
            String level = switch (f.level()) {
                case OK -> style().green("ok  ");
                case WARN -> style().yellow("warn");
                case FAIL -> style().red("FAIL");
            };
            Text.wrap(Text.shortIds(Secrets.redact(f.detail())), width(), level + "  "
                    + String.format(Locale.ROOT, "%-" + name + "s ", f.check()), indent).forEach(out()::println);
            if (!f.fix().isBlank()) {
                Text.wrap("→ " + Secrets.redact(f.fix()), width(), indent, indent + "  ")
                        .forEach(l -> out().println(style().dim(l)));
            }
        }
        return failed ? 2 : 0;
    }
}
