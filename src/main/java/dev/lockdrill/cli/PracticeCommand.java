package dev.lockdrill.cli;

import dev.lockdrill.support.Text;
import dev.lockdrill.app.DrillService;
import dev.lockdrill.drill.Countdown;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.drill.PracticeItem;
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** `lockdrill practice --minutes 20`: a session of due drills and unfinished katas, walked through in order. */
@Command(name = "practice", mixinStandardHelpOptions = true,
        description = {"Build a practice session that fits the time you have, and walk through it.",
                "It takes the drills due for review (those a failed kata check pulled forward first) and the "
                        + "katas you have not passed."})
final class PracticeCommand extends BaseCommand {
    @Option(names = "--minutes", paramLabel = "N", defaultValue = "20", description = "Time you have (default: 20).")
    int minutes;

    @Option(names = "--plan", description = "Only print the session's plan.")
    boolean planOnly;

    @Option(names = "--json", description = "Print the plan as JSON for scripts (implies --plan).")
    boolean json;

    @Option(names = "--type", description = "Type drill answers instead of saying them (see `drill --type`).")
    boolean type;

    @Override
    int run() throws Exception {
        if (minutes <= 0) {
            throw LockdrillException.usage("--minutes must be a positive number, but was " + minutes + ".");
        }
        DrillService drills = new DrillService(app());
        List<PracticeItem> plan = drills.plan(Duration.ofMinutes(minutes));
        if (json) {
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(
                    Map.of("minutes", minutes, "items", plan)));
            return 0;
        }
        if (planOnly || plan.isEmpty()) {
            printPlan(out(), plan);
            return 0;
        }
        DrillConsole console = common.noPager ? session().console().withoutPager() : session().console();
        printPlan(console.out(), plan);
        Countdown session = new Countdown(app().clock(), Duration.ofMinutes(minutes));
        int done = 0;
        for (int i = 0; i < plan.size(); i++) {
            PracticeItem item = plan.get(i);
            console.out().println();
            Text.wrap(style().bold("[" + (i + 1) + "/" + plan.size() + "] " + item.kind().name()
                    .toLowerCase(Locale.ROOT) + " " + item.id()) + style().dim("  (" + Countdown.format(
                    session.remaining()) + " of the session left)"), console.width(), "", "  ")
                    .forEach(console.out()::println);
            String go = console.readLine("Enter to start, s to skip, q to stop: ");
            if (go == null || go.trim().equalsIgnoreCase("q")) {
                break;
            }
            if (go.trim().equalsIgnoreCase("s")) {
                continue;
            }
            if (item.kind() == PracticeItem.Kind.DRILL) {
                DrillCard card = drills.catalog().card(item.id());
                DrillService.Result result = drills.practise(card, Duration.ofSeconds(card.timeLimitSeconds()), type,
                        console, style().color());
                DrillCommand.printNext(console.out(), result, app().clock().instant(), console.width());
            } else {
                kata(console, drills, item);
            }
            done++;
        }
        console.out().println();
        Text.wrap("Session over: " + done + " of " + plan.size() + " done in "
                + Countdown.format(session.elapsed()) + ". `lockdrill progress` shows where you stand.",
                console.width(), "").forEach(console.out()::println);
        console.out().flush();
        return 0;
    }

    private void kata(DrillConsole console, DrillService drills, PracticeItem item) {
        Text.wrap(drills.kata(item.id()).summary(), console.width(), "", "  ").forEach(console.out()::println);
        Text.wrap("Work on katas/" + item.id() + "/ (`lockdrill show " + item.id() + "` for the brief, `"
                + "lockdrill hint " + item.id() + "` for a hint).", console.width(), "").forEach(console.out()::println);
        String go = console.readLine("Enter to check it now, s to skip: ");
        if (go != null && go.isBlank()) {
            Cli.execute(session(), new String[]{"check", item.id()}, console.out(), console.out(), style().color());
        }
    }

    private void printPlan(PrintWriter out, List<PracticeItem> plan) {
        if (plan.isEmpty()) {
            Text.wrap("Nothing to practise: no drill is due and every kata is passed. `lockdrill progress` shows "
                    + "when drills fall due.", width(), "").forEach(out::println);
            out.flush();
            return;
        }
        int total = plan.stream().mapToInt(PracticeItem::seconds).sum();
        out.println(style().bold("Practice plan: " + Text.count(plan.size(), "item") + ", about "
                + Countdown.format(Duration.ofSeconds(total)) + " of " + minutes + ":00"));
        // the reason wraps in its own column (a fixed-width line ran past 80 columns, broken inside words),
        // unstyled: a colour opened on its first line would run on over the other cells of the next ones
        List<List<String>> rows = plan.stream().map(item -> List.of(item.kind().name().toLowerCase(Locale.ROOT),
                item.id(), Countdown.format(Duration.ofSeconds(item.seconds())), item.why())).toList();
        Columns columns = Columns.fit(rows, width(), "  ", 3, 16);
        rows.forEach(row -> columns.render(row).forEach(out::println));
        out.flush();
    }
}
