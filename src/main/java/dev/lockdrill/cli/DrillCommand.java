package dev.lockdrill.cli;

import dev.lockdrill.app.DrillService;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.drill.DrillQueue;
import dev.lockdrill.drill.RubricPoint;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** `lockdrill drill [id]`: answer an interview question aloud under a countdown, grade yourself, reschedule. */
@Command(name = "drill", mixinStandardHelpOptions = true, subcommands = DrillHistoryCommand.class,
        description = {"Answer an interview question under a countdown, then grade it against its rubric.",
                "Answer aloud (or typed, with --type), grade your answer point by point and rate your recall 1-4 "
                        + "(Again/Hard/Good/Easy); the rating schedules the card's next review (FSRS). Without "
                        + "DRILL, the most overdue card.",
                "Where a microphone, sox and pocketsphinx are installed, a spoken answer is recorded into "
                        + ".lockdrill/answers/, transcribed offline, and each rubric point shows whether and when "
                        + "it was heard; `drill history DRILL` lists and plays past answers."})
final class DrillCommand extends BaseCommand {
    @Parameters(arity = "0..1", paramLabel = "DRILL", completionCandidates = DrillIds.class,
            description = "Drill id (see `lockdrill progress` or `lockdrill list`).")
    String id;

    @Option(names = "--seconds", paramLabel = "N",
            description = "Time to answer, in seconds (default: the card's, usually 120). Not capped.")
    Integer seconds;

    @Option(names = "--type", description = "Type the answer instead of saying it: it is kept, and each rubric "
            + "point shows which of its keywords your answer mentions.")
    boolean type;

    @Option(names = "--answer-audio", paramLabel = "FILE", description = "Judge an answer recorded before (a WAV "
            + "file) instead of answering now: it is transcribed offline and kept with the drill's history.")
    Path answerAudio;

    @Option(names = "--json", description = "Print the card as JSON for scripts (its spoken core, what to add "
            + "if pressed, rubric, sources) instead of practising it; nothing is recorded.")
    boolean json;

    @Override
    int run() throws Exception {
        if (type && answerAudio != null) {
            throw LockdrillException.usage("--type and --answer-audio cannot be used together: one answer is typed, "
                    + "the other recorded.");
        }
        if (seconds != null && seconds <= 0) {
            throw LockdrillException.usage("--seconds must be a positive number of seconds, but was " + seconds + ".");
        }
        DrillService drills = new DrillService(app());
        Optional<DrillCard> chosen = id != null ? Optional.of(drills.catalog().card(id)) : drills.next();
        if (chosen.isEmpty()) {
            Instant now = app().clock().instant();
            Text.wrap("No drill is due. The next one is due " + DrillQueue.nextDue(drills.catalog().cards(),
                    drills.state(), now).map(d -> Due.when(d, now)).orElse("never (there are no drill cards)")
                    + ". `lockdrill drill <id>` practises any card now.", width(), "").forEach(out()::println);
            return 0;
        }
        DrillCard card = chosen.get();
        if (json) {
            out().println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(asJson(card)));
            return 0;
        }
        Duration limit = Duration.ofSeconds(seconds != null ? seconds : card.timeLimitSeconds());
        DrillConsole console = common.noPager ? session().console().withoutPager() : session().console();
        DrillService.Result result = drills.practise(card, limit, type, answerAudio, console, style().color());
        printNext(console.out(), result, app().clock().instant(), console.width());
        return 0;
    }

    /** The card as {@code drill --json} prints it: the spoken core and what to add if pressed, each by name. */
    static Map<String, Object> asJson(DrillCard card) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", card.id());
        json.put("title", card.title());
        json.put("kind", card.kind());
        json.put("prompt", card.prompt().strip());
        json.put("timeLimitSeconds", card.timeLimitSeconds());
        json.put("core", card.core() == null ? null : card.core().strip());
        json.put("coreWords", card.coreWords());
        json.put("coreSeconds", card.coreSeconds());
        json.put("ifPressed", card.modelAnswer() == null ? null : card.modelAnswer().strip());
        json.put("followUps", card.followUps());
        json.put("rubric", card.rubric().stream().map(DrillCommand::point).toList());
        json.put("sources", card.sources());
        json.put("relatedKatas", card.relatedKatas());
        json.put("rules", card.rules());
        json.put("labs", card.labs());
        return json;
    }

    private static Map<String, Object> point(RubricPoint point) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("point", point.point());
        json.put("keywords", point.keywords());
        json.put("weight", point.weight());
        json.put("sources", point.sources());
        return json;
    }

    static void printNext(PrintWriter out, DrillService.Result result, Instant now, int width) {
        Text.wrap("Recorded " + result.outcome().rating().label() + " for " + result.outcome().card().id()
                + "; next review " + Due.when(result.progress().schedule().dueAt(now), now) + ".", width, "")
                .forEach(out::println);
        out.flush();
    }
}
