package dev.lockdrill.cli;

import dev.lockdrill.app.DrillService;
import dev.lockdrill.drill.Countdown;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.Rating;
import dev.lockdrill.report.Style;
import dev.lockdrill.speech.AnswerArchive;
import dev.lockdrill.speech.PointsHeard;
import dev.lockdrill.speech.SpeechTools;
import dev.lockdrill.speech.SpokenAnswers;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** `lockdrill drill history DRILL`: every past answer to a card, what its recording heard, and playing one back. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Past answers to a drill: when, how long, the rating, and the rubric points heard.",
                "Recorded answers are kept in .lockdrill/answers/<drill>/ with their transcript; --play N plays "
                        + "the N-th answer back."})
final class DrillHistoryCommand implements Callable<Integer> {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    @ParentCommand
    DrillCommand drill;

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "DRILL", completionCandidates = DrillIds.class, description = "Drill id.")
    String id;

    @Option(names = "--play", paramLabel = "N", description = "Play the N-th answer (as numbered in the list).")
    Integer play;

    @Option(names = "--json", description = "Print the answers as JSON, with their transcripts.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Session session = drill.root.session();
        PrintWriter out = spec.commandLine().getOut();
        DrillService drills = new DrillService(session.app());
        DrillCard card = drills.catalog().card(id);
        List<DrillService.Attempt> attempts = drills.history(card);
        if (play != null) {
            if (play < 1 || play > attempts.size()) {
                throw LockdrillException.usage("--play takes the number of an answer, 1 to " + attempts.size()
                        + " for " + card.id() + ", but was " + play + ".");
            }
            DrillService.Attempt attempt = attempts.get(play - 1);
            if (!attempt.playable()) {
                throw LockdrillException.usage("Answer " + play + " to " + card.id() + " has no recording.");
            }
            SpeechTools tools = drills.speechTools();
            if (!tools.canPlay()) {
                throw LockdrillException.usage("This machine cannot play the recording (no player or no output "
                        + "device); it is " + attempt.audio() + ".");
            }
            out.println("Playing answer " + play + " (" + attempt.audio().getFileName() + ")…");
            out.flush();
            SpokenAnswers.play(tools, attempt.audio());
            return 0;
        }
        if (json) {
            out.println(Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(asJson(card, attempts)));
            return 0;
        }
        Style style = new Style(session.color() && !common.noColor);
        if (common.noPager || !session.pager().enabled()) {
            render(card, attempts, out, style, session.width());
            out.flush();
            return 0;
        }
        PagedScreen screen = new PagedScreen(session);
        render(card, attempts, screen.out(), style, session.width());
        screen.show(out);
        return 0;
    }

    static void render(DrillCard card, List<DrillService.Attempt> attempts, PrintWriter out, Style style, int width) {
        Text.wrap(style.bold(card.title()) + style.dim("  (" + card.id() + ")"), width, "", "  ").forEach(out::println);
        if (attempts.isEmpty()) {
            Text.wrap("No answers yet. `lockdrill drill " + card.id() + "` practises it.", width, "")
                    .forEach(out::println);
            return;
        }
        out.println();
        out.println(style.bold(String.format(Locale.ROOT, "%3s  %-16s  %5s  %-6s  %6s  %-6s",
                "#", "when (UTC)", "time", "rating", "rubric", "heard").stripTrailing()));
        for (int i = 0; i < attempts.size(); i++) {
            DrillReview review = attempts.get(i).review();
            String heard = review.pointsHeard() == null ? (attempts.get(i).playable() ? "kept" : "-")
                    : review.pointsHeard() + "/" + review.rubricPoints();
            out.println(String.format(Locale.ROOT, "%3d  %-16s  %5s  %-6s  %5d%%  %-6s", i + 1, when(review.at()),
                    Countdown.format(Duration.ofSeconds(review.answerSeconds())), label(review.rating()),
                    Math.round(review.score() * 100), heard).stripTrailing());
        }
        List<String> details = new ArrayList<>();
        for (int i = 0; i < attempts.size(); i++) {
            int number = i + 1;
            attempts.get(i).answer().ifPresent(answer -> details.add(detail(number, card, answer)));
        }
        if (!details.isEmpty()) {
            out.println();
            out.println(style.dim("rubric = the points you marked as said; heard = the points the recording showed."));
            for (String detail : details) {
                out.println();
                Text.wrap(detail, width, "", "   ").forEach(out::println);
            }
            out.println();
            Text.wrap("`lockdrill drill history " + card.id() + " --play N` plays answer N.", width, "")
                    .forEach(line -> out.println(style.dim(line)));
        }
    }

    private static String detail(int number, DrillCard card, AnswerArchive.Answer answer) {
        List<String> heard = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (PointsHeard.Heard h : answer.heard()) {
            if (h.heard()) {
                heard.add((h.point() + 1) + " at " + clock(h.atSeconds()));
            } else {
                missed.add(Integer.toString(h.point() + 1));
            }
        }
        String points = answer.transcript() == null ? "not transcribed"
                : "points heard: " + (heard.isEmpty() ? "none" : String.join(", ", heard))
                + (missed.isEmpty() ? "" : "; not heard: " + String.join(", ", missed))
                + " (of " + card.rubric().size() + ")";
        return number + ". " + points + (answer.transcript() == null || answer.transcript().isBlank() ? ""
                : ". Transcript: “" + answer.transcript() + "”");
    }

    private static String clock(Double seconds) {
        return Countdown.format(Duration.ofMillis(seconds == null ? 0 : (long) Math.floor(seconds * 1000)));
    }

    private static String when(String at) {
        try {
            return WHEN.format(Instant.parse(at).atZone(ZoneId.of("UTC")));
        } catch (RuntimeException e) {
            return Text.capped(at, 16);
        }
    }

    private static String label(int grade) {
        return Rating.fromKey(Integer.toString(grade)).map(Rating::label).orElse("?");
    }

    static Map<String, Object> asJson(DrillCard card, List<DrillService.Attempt> attempts) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", card.id());
        json.put("rubricPoints", card.rubric().size());
        List<Map<String, Object>> list = new ArrayList<>();
        for (int i = 0; i < attempts.size(); i++) {
            DrillService.Attempt attempt = attempts.get(i);
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("number", i + 1);
            one.put("at", attempt.review().at());
            one.put("answerSeconds", attempt.review().answerSeconds());
            one.put("rating", attempt.review().rating());
            one.put("score", attempt.review().score());
            one.put("pointsHeard", attempt.review().pointsHeard());
            one.put("recording", attempt.playable() ? attempt.audio().toString() : null);
            one.put("transcript", attempt.answer().map(AnswerArchive.Answer::transcript).orElse(null));
            one.put("heard", attempt.answer().map(AnswerArchive.Answer::heard).orElse(null));
            list.add(one);
        }
        json.put("answers", list);
        return json;
    }
}
