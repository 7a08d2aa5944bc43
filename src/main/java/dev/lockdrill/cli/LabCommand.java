package dev.lockdrill.cli;

import dev.lockdrill.app.CheckProgress;
import dev.lockdrill.app.LabService;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** `lockdrill lab db-vs-redlock`: PostgreSQL as the lock service vs Redlock, measured under the same faults. */
@Command(name = "lab", mixinStandardHelpOptions = true,
        description = {"Run a lab: lock designs side by side under one seeded fault schedule.",
                "db-vs-redlock: the pg-lock-service reference, Redlock with a token drawn from a sequence after "
                        + "the grant, and the redlock reference (Redlock in front of a grant PostgreSQL orders), on "
                        + "five real redis-server nodes, each with and without its fence, under a holder paused "
                        + "inside its critical section, one paused between its lock and its token, a clock jump and "
                        + "a lost lock-service node; prints what each fault did, exclusion violations at the "
                        + "resource, stale writes accepted, acquire latency and acquisitions/s, which designs are "
                        + "safe and why, and writes an HTML page with every timeline."})
final class LabCommand extends BaseCommand {
    @Parameters(paramLabel = "LAB", description = "Which lab: ${COMPLETION-CANDIDATES}.",
            completionCandidates = Labs.class)
    String lab;

    @Option(names = "--seed", paramLabel = "N", description = "Replay this seed (printed with every run).")
    Long seed;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "PostgreSQL to run against.")
    String jdbcUrl;

    @Option(names = "--json", description = "Print the table, the summary and the page's path as JSON.")
    boolean json;

    @Override
    int run() throws Exception {
        // the table and the sentences come at the end of the run, a screen and a half: paged, they stay readable
        return paged(!json, this::screen);
    }

    private int screen() {
        if (!LabService.LAB.equals(lab)) {
            throw LockdrillException.usage("There is no lab '" + Text.literal(lab) + "'. Labs: " + LabService.LAB
                    + ".");
        }
        ProgressLine progress = new ProgressLine(err(), session().interactive() && !json, style(), width());
        LabService.LabRun run;
        try {
            run = new LabService(app()).run(seed, jdbcUrl, progress);
        } finally {
            progress.clear();
        }
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("lab", LabService.LAB);
            out.put("seed", run.seed());
            out.put("rows", run.table().rows());
            out.put("summary", run.table().summary());
            out.put("page", run.page().toString());
            try {
                out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(out));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            return 0;
        }
        LabScreen.render(run, app().workbook().root().relativize(run.page()).toString(), style(), width(), out());
        return 0;
    }

    /** The labs there are, for completion and help. */
    static final class Labs implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of(LabService.LAB).iterator();
        }
    }
}
