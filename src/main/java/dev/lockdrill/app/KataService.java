package dev.lockdrill.app;

import dev.lockdrill.catalog.KataHints;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.PristineCopies;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.progress.WorkbookState;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** list, show, hint and reset: what the learner does with katas besides checking them. */
public final class KataService {
    private final AppContext app;
    private final KataHints hints = KataRegistry.hints();

    public KataService(AppContext app) {
        this.app = app;
    }

    /** A kata with the learner's progress on it and how many hints it has. */
    public record KataEntry(KataManifest manifest, KataProgress progress, boolean checkable, int hints) {
    }

    public List<KataEntry> list() {
        WorkbookState state = app.state().read();
        return app.catalog().katas().stream()
                .map(k -> new KataEntry(k, state.kata(k.id()), KataRegistry.find(k.id()).isPresent(),
                        hints.of(k.id()).size()))
                .toList();
    }

    /** The kata meant when none is named: the one checked most recently, else the first not passed yet. */
    public String current() {
        List<KataEntry> entries = list();
        return entries.stream().filter(e -> e.progress().lastRunAt() != null)
                .max(Comparator.comparing(e -> Instant.parse(e.progress().lastRunAt())))
                .or(() -> entries.stream().filter(e -> !KataProgress.PASSED.equals(e.progress().status())).findFirst())
                .or(() -> entries.stream().findFirst())
                .map(e -> e.manifest().id())
                .orElseThrow(() -> LockdrillException.usage("This workbook has no katas."));
    }

    /** The first kata after this one, in the workbook's order, that is not passed yet. */
    public Optional<KataManifest> next(String id) {
        List<KataEntry> entries = list();
        int at = entries.stream().map(e -> e.manifest().id()).toList().indexOf(id);
        return entries.stream().skip(at + 1L).filter(e -> !KataProgress.PASSED.equals(e.progress().status()))
                .map(KataEntry::manifest).findFirst();
    }

    public String brief(String id) {
        app.catalog().kata(id);
        Path readme = app.workbook().kata(id).resolve("README.md");
        try {
            return Files.readString(readme);
        } catch (IOException e) {
            throw LockdrillException.usage("Kata '" + id + "' has no README.md; `lockdrill reset " + id
                    + "` restores it.");
        }
    }

    /** A hint shown to the learner: which one of how many. */
    public record Hint(int number, int total, String text, boolean repeated) {
    }

    /** The next hint (or the last one again once all are used); records how many were used. */
    public Hint nextHint(String id) {
        app.catalog().kata(id);
        List<String> all = hints.of(id);
        if (all.isEmpty()) {
            throw LockdrillException.usage("Kata '" + id + "' has no hints.");
        }
        int total = all.size();
        int used = app.state().read().kata(id).hintsUsed();
        int number = Math.min(used + 1, total);
        app.state().update(s -> s.with(id, s.kata(id).withHintsUsed(Math.max(used, number))));
        return new Hint(number, total, all.get(number - 1), used >= total);
    }

    /** Restores the kata's folder from the packaged stub; returns the files written. */
    public List<String> reset(String id) {
        PristineCopies pristine = new PristineCopies();
        if (!pristine.ids().contains(id)) {
            throw LockdrillException.usage("No packaged copy of kata '" + Text.literal(id) + "'. Known: "
                    + String.join(", ", pristine.ids()));
        }
        return pristine.writeTo(id, app.workbook().kata(id)).stream()
                .map(target -> app.workbook().root().relativize(target).toString()).toList();
    }

    public List<String> resettableIds() {
        return new PristineCopies().ids();
    }
}
