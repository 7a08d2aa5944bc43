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
import dev.lockdrill.progress.Fsrs;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.progress.WorkbookState;

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
        DrillOutcome outcome = new DrillSession(console, app.clock(), color).run(card, limit, typed);
        DrillProgress progress = new DrillRecorder(app.state(), Fsrs.standard()).record(outcome, app.clock().instant());
        return new Result(outcome, progress);
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
