package dev.lockdrill.cli;

import dev.lockdrill.app.LabService;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.Text;

import java.io.PrintWriter;

/** What `lab db-vs-redlock` prints: its table, one sentence per design, the legend, the page and the replay. */
final class LabScreen {
    private LabScreen() {
    }

    /** {@code page} is the HTML page's path as the learner reads it (relative to the workbook). */
    static void render(LabService.LabRun run, String page, Style style, int width, PrintWriter out) {
        Text.wrap(style.bold("lab " + LabService.LAB + " · seed " + run.seed() + " · one fault schedule for every "
                + "design"), width, "", "  ").forEach(out::println);
        run.table().lines().forEach(line -> out.println(line.stripTrailing()));
        out.println();
        run.table().summary().forEach(line -> Text.wrap(line, width, "", "  ").forEach(out::println));
        out.println();
        Text.wrap("1 holder = the lock service never let two act; 2, refused = two held it "
                + "and the fence refused the stale one; 2, ACCEPTED = the stale write landed. before token: the "
                + "holder stops inside acquire, between its lock and its first database round trip. clock jump: "
                + "PostgreSQL gets an app clock 10 min ahead, Redlock a TTL cut on one node; lost node: PostgreSQL "
                + "loses the holder's sessions, Redlock a node restarts empty.", width, "", "")
                .forEach(line -> out.println(style.dim(line)));
        Text.wrap("Page: " + page + " (every timeline) · replay: lockdrill lab " + LabService.LAB + " --seed "
                + run.seed(), width, "", "  ").forEach(out::println);
    }
}
