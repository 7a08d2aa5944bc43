package dev.lockdrill.app;

import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.DrillCatalog;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.drill.DrillOutcome;
import dev.lockdrill.drill.DrillQueue;
import dev.lockdrill.drill.DrillRecorder;
import dev.lockdrill.drill.DrillSession;
import dev.lockdrill.drill.PracticeItem;
import dev.lockdrill.drill.PracticePlanner;
import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.Fsrs;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.progress.WorkbookState;
import dev.lockdrill.speech.AnswerArchive;
import dev.lockdrill.speech.SpeechTools;
import dev.lockdrill.speech.SpokenAnswers;
import dev.lockdrill.support.Text;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Drills for the learner: the cards, what is due, one drill practised and recorded, a practice plan. */
public final class DrillService {
    private final AppContext app;

    public DrillService(AppContext app) {
        this.app = app;
    }

    /** A practised drill and the learner's progress on it afterwards. */
    public record Result(DrillOutcome outcome, DrillProgress progress) {
    }

    public DrillCatalog catalog() {
        return new DrillCatalog(app.workbook().drills(), app::notice);
    }

    public WorkbookState state() {
        return app.state().read();
    }

    public List<DrillCard> due() {
        return DrillQueue.due(catalog().cards(), state(), app.clock().instant());
    }

    public Optional<DrillCard> next() {
        return due().stream().findFirst();
    }

    /** Runs the drill with the learner on {@code console}, then records the grade and reschedules it. */
    public Result practise(DrillCard card, Duration limit, boolean typed, DrillConsole console, boolean color) {
        return practise(card, limit, typed, null, console, color);
    }

    /**
     * Runs the drill, recording and hearing a spoken answer where this machine can (or judging
     * {@code answerAudio}, a recording made before), then records the grade and reschedules it.
     * Where it cannot record, the drill says once per process what is missing and goes on as a
     * countdown and a self-grade.
     */
    public Result practise(DrillCard card, Duration limit, boolean typed, Path answerAudio, DrillConsole console,
                           boolean color) {
        SpokenAnswers ear = typed ? null : listener(card, answerAudio, console);
        DrillOutcome outcome = new DrillSession(console, app.clock(), color, ear).run(card, limit, typed);
        DrillProgress progress = new DrillRecorder(app.state(), Fsrs.standard()).record(outcome, app.clock().instant());
        if (ear != null) {
            ear.rated(outcome);
        }
        return new Result(outcome, progress);
    }

    private SpokenAnswers listener(DrillCard card, Path answerAudio, DrillConsole console) {
        SpeechTools tools = speechTools();
        if (answerAudio != null) {
            return SpokenAnswers.recorded(tools, app.workbook().stateDir(), catalog().cards(), app.clock(), card.id(),
                    answerAudio);
        }
        if (tools.canRecord()) {
            return SpokenAnswers.live(tools, app.workbook().stateDir(), catalog().cards(), app.clock(), card.id());
        }
        tools.missing().filter(sentence -> app.firstTime("speech-missing")).ifPresent(sentence -> {
            Text.wrap(sentence, console.width(), "").forEach(console.out()::println);
            console.out().println();
        });
        return null;
    }

    /** The recorder, player and recognizer this machine has. */
    public SpeechTools speechTools() {
        return app.speechTools();
    }

    /** The answers kept for {@code card}, oldest first: every review, with what its recording heard. */
    public List<Attempt> history(DrillCard card) {
        AnswerArchive archive = new AnswerArchive(app.workbook().stateDir());
        List<DrillReview> reviews = state().drill(card.id()).reviews();
        return reviews.stream().map(review -> new Attempt(review, review.recording() == null ? Optional.empty()
                        : archive.read(card.id(), review.recording()),
                        review.recording() == null ? null : archive.audio(card.id(), review.recording())))
                .toList();
    }

    /** One practice of a card: its review, the kept answer (transcript and points heard) and its audio, if recorded. */
    public record Attempt(DrillReview review, Optional<AnswerArchive.Answer> answer, Path audio) {
        public boolean playable() {
            return audio != null && Files.isRegularFile(audio);
        }
    }

    /** Due drills and unfinished katas that fit in {@code budget}. */
    public List<PracticeItem> plan(Duration budget) {
        WorkbookState state = state();
        List<PracticePlanner.OpenKata> open = app.catalog().katas().stream()
                .filter(k -> KataRegistry.find(k.id()).isPresent())
                .filter(k -> !KataProgress.PASSED.equals(state.kata(k.id()).status()))
                .map(k -> new PracticePlanner.OpenKata(k.id(), k.title(), state.kata(k.id()).status()))
                .toList();
        return PracticePlanner.plan(catalog().cards(), state, open, app.clock().instant(), budget);
    }

    public KataManifest kata(String id) {
        return app.catalog().kata(id);
    }
}
