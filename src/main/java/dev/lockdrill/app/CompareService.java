package dev.lockdrill.app;

import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.report.UnifiedDiff;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * `compare`: the learner's solution beside the reference, file by file, and where the last run's
 * result is. Showing the reference before the kata is passed is the learner's call (honour
 * system) and is recorded as {@code referenceRevealed} in their progress.
 */
public final class CompareService {
    private final AppContext app;

    public CompareService(AppContext app) {
        this.app = app;
    }

    /** One source file: its path in the kata folder and the unified diff from the learner's to the reference. */
    public record FileDiff(String path, List<String> diff) {
        public FileDiff {
            diff = List.copyOf(diff);
        }
    }

    /** What compare shows: the diffs, and the result.json of the kata's last check if there is one. */
    public record Comparison(String kata, boolean passed, List<FileDiff> files, Optional<Path> lastResult) {
        public Comparison {
            files = List.copyOf(files);
        }
    }

    public boolean passed(String kata) {
        app.catalog().kata(kata);
        return KataProgress.PASSED.equals(app.state().read().kata(kata).status());
    }

    /** Compares; when the kata is not passed yet, records that the reference was revealed. */
    public Comparison reveal(String kata) {
        boolean passed = passed(kata);
        Path mine = app.workbook().kata(kata);
        Path reference = app.workbook().solution(kata);
        if (!Files.isDirectory(reference)) {
            throw LockdrillException.usage("No reference for '" + Text.literal(kata) + "' in "
                    + app.workbook().root().relativize(reference) + "/; restore solutions/ from git.");
        }
        List<FileDiff> files = new ArrayList<>();
        for (String path : sources(mine, reference)) {
            String yours = "katas/" + kata + "/" + path;
            String theirs = "solutions/" + kata + "/" + path;
            files.add(new FileDiff(path, UnifiedDiff.diff(yours, lines(mine.resolve(path)), theirs,
                    lines(reference.resolve(path)))));
        }
        if (!passed) {
            app.state().update(s -> s.with(kata, s.kata(kata).withReferenceRevealed()));
        }
        Optional<Path> last = app.runs().latest(kata).map(dir -> dir.resolve("result.json")).filter(Files::exists);
        return new Comparison(kata, passed, files, last);
    }

    private static TreeSet<String> sources(Path... dirs) {
        TreeSet<String> paths = new TreeSet<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(p -> p.toString().endsWith(".java")).forEach(p -> paths.add(
                        dir.relativize(p).toString().replace('\\', '/')));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir, e);
            }
        }
        return paths;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
