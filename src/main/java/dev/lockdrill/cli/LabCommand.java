package dev.lockdrill.cli;

import dev.lockdrill.app.CheckProgress;
import dev.lockdrill.app.LabService;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;

/** `lockdrill lab db-vs-redlock`: PostgreSQL as the lock service vs Redlock, measured under the same faults. */
@Command(name = "lab", mixinStandardHelpOptions = true,
        description = {"Run a lab: two designs side by side under one seeded fault schedule.",
                "db-vs-redlock: the pg-lock-service reference and the redlock reference (five real redis-server "
                        + "nodes), each with and without its fencing token, under a paused holder, a clock jump and "
                        + "a lost lock-service node; prints exclusion violations at the resource, stale writes "
                        + "accepted, acquire latency and acquisitions/s, and writes an HTML page with both "
                        + "timelines."})
final class LabCommand extends BaseCommand {
    @Parameters(paramLabel = "LAB", description = "Which lab: ${COMPLETION-CANDIDATES}.",
            completionCandidates = Labs.class)
    String lab;

    @Option(names = "--seed", paramLabel = "N", description = "Replay this seed (printed with every run).")
    Long seed;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "PostgreSQL to run against.")
    String jdbcUrl;

    @Override
    int run() {
        if (!LabService.LAB.equals(lab)) {
            throw LockdrillException.usage("There is no lab '" + Text.literal(lab) + "'. Labs: " + LabService.LAB
                    + ".");
        }
        LabService.LabRun run = new LabService(app()).run(seed, jdbcUrl, CheckProgress.SILENT);
        out().println(style().bold("lab " + LabService.LAB + " · seed " + run.seed()
                + " · the same fault schedule for both lock services"));
        run.table().lines().forEach(out()::println);
        out().println();
        out().println(style().dim("exclusion = faults after which two holders' writes both landed; stale = writes "
                + "accepted from a superseded holder. clock-jump: PostgreSQL gets an app clock 10 min ahead, Redlock "
                + "a TTL cut on one node; lost-node: PostgreSQL loses the holder's sessions, Redlock a node restarts "
                + "empty."));
        out().println("Page: " + run.page() + " (both timelines) · replay: lockdrill lab " + LabService.LAB
                + " --seed " + run.seed());
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
