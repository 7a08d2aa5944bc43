package dev.lockdrill.testing;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.app.CheckProgress;
import dev.lockdrill.app.CheckRequest;
import dev.lockdrill.app.CheckService;
import dev.lockdrill.catalog.PristineCopies;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.score.CheckResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Runs katas through the real pipeline from tests: the repository is the workbook, state goes to a temp folder. */
public final class Pipelines {
    /** The PostgreSQL the tests use: LOCKDRILL_JDBC_URL, or the local server of our machines. */
    public static final String JDBC_URL = System.getenv().getOrDefault("LOCKDRILL_JDBC_URL",
            "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");

    private Pipelines() {
    }

    public static Path repoRoot() {
        return Path.of("").toAbsolutePath();
    }

    public static AppContext app(Path stateDir) {
        return new AppContext(new Workbook(repoRoot(), stateDir), Clock.systemUTC(),
                new BackendSelector(Map.of(BackendSelector.URL_ENV, JDBC_URL), "root"));
    }

    /** As {@link #app(Path)}, with more environment (LOCKDRILL_PGBOUNCER, say) for the checks. */
    public static AppContext app(Path stateDir, Map<String, String> env) {
        Map<String, String> all = new HashMap<>(env);
        all.put(BackendSelector.URL_ENV, JDBC_URL);
        return new AppContext(new Workbook(repoRoot(), stateDir), Clock.systemUTC(), new BackendSelector(all, "root"));
    }

    /**
     * A throwaway workbook: the pristine stubs (never the repository's katas/, which a learner may have
     * solved) and a copy of solutions/ under {@code dir}, state in {@code dir}/.lockdrill.
     */
    public static Workbook copyWorkbook(Path dir) {
        PristineCopies pristine = new PristineCopies();
        pristine.ids().forEach(id -> pristine.writeTo(id, dir.resolve("katas").resolve(id)));
        copyTree(repoRoot().resolve("solutions"), dir.resolve("solutions"));
        return Workbook.at(dir);
    }

    public static AppContext app(Workbook workbook) {
        return new AppContext(workbook, Clock.systemUTC(),
                new BackendSelector(Map.of(BackendSelector.URL_ENV, JDBC_URL), "root"));
    }

    private static void copyTree(Path from, Path to) {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path source : walk.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks the implementation in {@code dir} (no side-by-side reference run). */
    public static CheckResult check(AppContext app, String kata, Path dir, long seed) {
        return check(app, kata, dir, seed, null);
    }

    public static CheckResult check(AppContext app, String kata, Path dir, long seed, Duration timeout) {
        return new CheckService(app).check(new CheckRequest(kata, dir, false, false, List.of(), seed, null, timeout),
                CheckProgress.SILENT);
    }

    public static CheckResult checkReference(AppContext app, String kata, long seed) {
        return checkReference(app, kata, seed, null);
    }

    public static CheckResult checkReference(AppContext app, String kata, long seed, Duration timeout) {
        return new CheckService(app).check(new CheckRequest(kata, null, true, false, List.of(), seed, null, timeout),
                CheckProgress.SILENT);
    }

    /** The implementation folders under src/test/resources/{kind}/{kata}/ (mutants, alternatives, fixture-katas). */
    public static List<Path> implementations(String kind, String kata) {
        Path dir = repoRoot().resolve("src/test/resources").resolve(kind).resolve(kata);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A one-line account of a result, for assertion messages. */
    public static String explain(CheckResult result) {
        String failed = result.you().invariants().stream().filter(r -> !r.passed())
                .map(r -> r.name() + ": " + r.evidence().stream().limit(3).map(e -> e.text())
                        .collect(Collectors.joining(" | ")))
                .collect(Collectors.joining("; "));
        return result.status().label() + " (seed " + result.seed() + ") " + result.you().message() + " "
                + result.you().compileErrors() + " " + failed;
    }

    /** The invariants that failed or could not decide; one the run gave nothing to judge is not among them. */
    public static List<String> failedInvariants(CheckResult result) {
        return result.you().invariants().stream().filter(r -> !r.passed()).map(InvariantResult::name).toList();
    }
}
