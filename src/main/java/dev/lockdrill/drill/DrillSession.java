package dev.lockdrill.drill;

import dev.lockdrill.progress.Rating;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.Prose;
import dev.lockdrill.support.Text;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One drill, start to finish: the prompt, the answer under a countdown (aloud or typed), a y/n
 * self-grade of each rubric point (with keyword hints for a typed answer), the spoken core of the
 * model answer, follow-ups and sources, then the learner's 1–4 rating; {@code m} at the rating
 * shows the rest of the answer, what to add if pressed. Recording it is the caller's job.
 */
public final class DrillSession {
    static final String STOPPED = "The drill stopped before it was graded (Ctrl-C, or the input ended); nothing was "
            + "recorded. Run it in a terminal to answer the questions.";
    private final DrillConsole console;
    private final Clock clock;
    private final Style style;
    private final AnswerListener listener;
    private final OneKeyPrompt prompt;

    public DrillSession(DrillConsole console, Clock clock, boolean color) {
        this(console, clock, color, null);
    }

    /** A drill whose spoken answer {@code listener} records and hears (null: no recording). */
    public DrillSession(DrillConsole console, Clock clock, boolean color, AnswerListener listener) {
        this.console = console;
        this.clock = clock;
        this.style = new Style(color && console.color());
        this.listener = listener;
        this.prompt = new OneKeyPrompt(console);
    }

    public DrillOutcome run(DrillCard card, Duration limit, boolean typed) {
        PrintWriter out = console.out();
        Text.wrap(style.bold(card.title()) + style.dim("  (" + card.kind() + " · " + card.id() + ")"),
                console.width(), "", "  ").forEach(out::println);
        out.println();
        out.println(Prose.reflow(card.prompt().strip(), console.width()));
        out.println();
        AnswerTimer timer = new AnswerTimer(console, clock);
        AnswerListener ear = typed ? null : listener;
        AnswerTimer.Answer answer;
        AnswerListener.Hearing hearing = null;
        if (ear != null && ear.prerecorded().isPresent()) {
            Duration length = ear.prerecorded().get();
            out.println("Your recorded answer is " + Countdown.format(length) + " long"
                    + (length.compareTo(limit) > 0 ? ", over the " + Countdown.format(limit) + " limit." : "."));
            answer = new AnswerTimer.Answer(length.compareTo(limit) > 0, length, null);
            hearing = hear(ear, card);
        } else if (ear != null) {
            ear.start();
            try {
                answer = timer.spoken(limit);
            } catch (RuntimeException stopped) {
                ear.abandon();
                throw stopped;
            }
            hearing = hear(ear, card);
            offerPlayBack(ear, hearing);
        } else {
            answer = typed ? timer.typed(limit) : timer.spoken(limit);
        }
        List<Boolean> covered = grade(card, answer.text(), hearing);
        double score = DrillOutcome.score(card, covered);
        out.println(style.bold(String.format(Locale.ROOT, "You covered %d%% of the rubric (by weight).",
                Math.round(score * 100))));
        out.println();
        reveal(card);
        Rating rating = askRating(card, DrillOutcome.suggested(score));
        return new DrillOutcome(card, covered, rating, answer.timedOut(), answer.used().toSeconds(), answer.text(),
                hearing);
    }

    /** Hears the answer, saying what it is doing meanwhile (decoding takes seconds). */
    private AnswerListener.Hearing hear(AnswerListener ear, DrillCard card) {
        PrintWriter out = console.out();
        out.println(style.dim("Listening to your answer (offline)…"));
        out.flush();
        long started = System.nanoTime();
        AnswerListener.Hearing hearing;
        try (Ticker ignored = new Ticker(started)) {
            hearing = ear.finish(card);
        }
        if (hearing.problem() != null) {
            Text.wrap(hearing.problem(), console.width(), "").forEach(out::println);
        } else {
            out.println(style.dim(String.format(Locale.ROOT, "Heard %d of %d rubric points in %.1f s.",
                    hearing.heard(), card.rubric().size(), (System.nanoTime() - started) / 1e9)));
        }
        out.flush();
        return hearing;
    }

    /** The seconds spent listening, on the status line once a second where the terminal has one. */
    private final class Ticker implements AutoCloseable {
        private final Thread thread;

        Ticker(long started) {
            thread = new Thread(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.sleep(1000);
                        console.status(String.format(Locale.ROOT, "listening to your answer… %d s",
                                (System.nanoTime() - started) / 1_000_000_000L));
                    }
                } catch (InterruptedException done) {
                    Thread.currentThread().interrupt();
                }
            }, "lockdrill-listening");
            thread.setDaemon(true);
            if (console.hasStatusLine()) {
                thread.start();
            }
        }

        @Override
        public void close() {
            thread.interrupt();
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (console.hasStatusLine()) {
                console.clearStatus();
            }
        }
    }

    private void offerPlayBack(AnswerListener ear, AnswerListener.Hearing hearing) {
        if (hearing.recording() == null || !ear.canPlayBack()) {
            return;
        }
        while (prompt.ask("Play your answer back? [y/N] ", "n").trim().toLowerCase(Locale.ROOT).startsWith("y")) {
            ear.playBack();
        }
    }

    private List<Boolean> grade(DrillCard card, String typedAnswer, AnswerListener.Hearing hearing) {
        PrintWriter out = console.out();
        out.println();
        out.println(style.bold("Rubric") + " — did your answer make each point? (y/n)");
        List<Boolean> covered = new ArrayList<>();
        int n = card.rubric().size();
        for (int i = 0; i < n; i++) {
            RubricPoint point = card.rubric().get(i);
            String number = String.format(Locale.ROOT, "%d/%d  ", i + 1, n);
            Text.wrap(point.point() + style.dim(" (weight " + point.weight() + ", " + sourceRefs(point) + ")"),
                    console.width(), number, " ".repeat(number.length())).forEach(out::println);
            if (typedAnswer != null) {
                Text.wrap(hint(point, typedAnswer), console.width(), "      ", "        ").forEach(out::println);
            }
            if (hearing != null && hearing.problem() == null && i < hearing.marks().size()) {
                String mark = hearing.marks().get(i);
                Text.wrap(mark == null ? style.yellow("recording: not heard") : style.green("recording: " + mark),
                        console.width(), "      ", "        ").forEach(out::println);
            }
            covered.add(askYesNo("      covered? [y/n] "));
        }
        return covered;
    }

    private static String sourceRefs(RubricPoint point) {
        String refs = String.join(", ", point.sources().stream().map(s -> "[" + s + "]").toList());
        return (point.sources().size() == 1 ? "source " : "sources ") + refs;
    }

    private String hint(RubricPoint point, String answer) {
        List<String> found = KeywordHints.found(point, answer);
        if (found.isEmpty()) {
            return style.yellow("hint: none of " + String.join(", ", point.keywords()) + " appears in your answer");
        }
        return style.green("hint: your answer mentions " + String.join(", ", found));
    }

    /** The model answer, as one screen: paged where the terminal pages, so it does not scroll away. */
    private void reveal(DrillCard card) {
        StringWriter screen = new StringWriter();
        PrintWriter out = new PrintWriter(screen);
        out.println(style.bold("Model answer, the spoken core") + style.dim(String.format(Locale.ROOT,
                " (%d words, about %d s at %d words a minute)", card.coreWords(), card.coreSeconds(),
                DrillCard.WORDS_PER_MINUTE)));
        out.println(Prose.reflow(card.core().strip(), console.width()));
        out.println();
        if (!card.followUps().isEmpty()) {
            out.println(style.bold("Follow-ups an interviewer may ask"));
            card.followUps().forEach(f -> Text.wrap(f.strip(), console.width(), "  • ", "    ")
                    .forEach(out::println));
            out.println();
        }
        out.println(style.bold("Sources"));
        for (int i = 0; i < card.sources().size(); i++) {
            String mark = "  [" + (i + 1) + "] ";
            Text.wrap(card.sources().get(i).strip(), console.width(), mark, " ".repeat(mark.length()))
                    .forEach(out::println);
        }
        if (!card.relatedKatas().isEmpty()) {
            Text.wrap("Practise it in code: " + String.join(", ", card.relatedKatas().stream()
                    .map(k -> "lockdrill show " + k).toList()), console.width(), "", "  ")
                    .forEach(line -> out.println(style.dim(line)));
        }
        if (!card.labs().isEmpty()) {
            Text.wrap("Measure it: " + String.join(", ", card.labs().stream()
                    .map(l -> "lockdrill lab " + l).toList()), console.width(), "", "  ")
                    .forEach(line -> out.println(style.dim(line)));
        }
        out.println();
        out.flush();
        console.page(screen.toString());
    }

    private void showIfPressed(DrillCard card) {
        StringWriter screen = new StringWriter();
        PrintWriter out = new PrintWriter(screen);
        out.println();
        out.println(style.bold("If pressed"));
        out.println(Prose.reflow(card.modelAnswer().strip(), console.width()));
        out.println();
        out.flush();
        console.page(screen.toString());
    }

    private boolean askYesNo(String question) {
        while (true) {
            String answer = prompt.ask(question, "").trim().toLowerCase(Locale.ROOT);
            if (answer.equals("y") || answer.equals("yes")) {
                return true;
            }
            if (answer.equals("n") || answer.equals("no")) {
                return false;
            }
            console.out().println("      Please answer y or n.");
        }
    }

    private Rating askRating(DrillCard card, Rating suggested) {
        Text.wrap((console.singleKeys() ? "Press" : "Type") + " m at the rating to see what to add if pressed (the "
                + "rest of the model answer).",
                console.width(), "").forEach(line -> console.out().println(style.dim(line)));
        String enter = suggested.grade() + " " + suggested.label();
        String scale = "How well did you recall it? 1 Again · 2 Hard · 3 Good · 4 Easy";
        String choice = "[Enter = " + enter + "] ";
        boolean oneLine = scale.length() + 1 + choice.length() + enter.length() <= console.width();
        while (true) {
            if (!oneLine) {
                Text.wrap(scale, console.width(), "").forEach(console.out()::println);
            }
            String answer = prompt.ask(oneLine ? scale + " " + choice : "Your rating " + choice, enter).trim();
            if (answer.isEmpty()) {
                return suggested;
            }
            if (answer.equalsIgnoreCase("m")) {
                showIfPressed(card);
                continue;
            }
            var rating = Rating.fromKey(answer);
            if (rating.isPresent()) {
                return rating.get();
            }
            console.out().println("Please press 1, 2, 3 or 4.");
        }
    }
}
