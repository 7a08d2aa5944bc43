package dev.lockdrill.app;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Like Rustlings' `dev check`, for every kata the pipeline knows: the stub as shipped fails, the
 * reference passes, every mutant (a realistic bug) fails, and every alternative correct solution
 * (written differently from the reference) passes. Seeds are random per build and part of each
 * test's name, so a failure is replayed with `lockdrill check KATA --from DIR --seed N`.
 */
class AuthoringTest {
    static final Set<RunStatus> CAUGHT = EnumSet.of(RunStatus.FAIL, RunStatus.TIMEOUT, RunStatus.CRASHED);

    @TempDir
    static Path state;
    static AppContext app;

    @BeforeAll
    static void openApp() {
        app = Pipelines.app(state);
    }

    @AfterAll
    static void closeApp() {
        app.close();
    }

    @TestFactory
    Stream<DynamicNode> everyKataIsAuthoredCorrectly() {
        Catalog catalog = new Catalog(Workbook.at(Pipelines.repoRoot()));
        return KataRegistry.ids().stream().map(id -> DynamicContainer.dynamicContainer(id, tests(catalog, id)));
    }

    private static List<DynamicNode> tests(Catalog catalog, String id) {
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("kata has a brief, a TODO, 3 hints and at least 3 mutants", () -> {
            KataManifest manifest = catalog.kata(id);
            Path dir = Pipelines.repoRoot().resolve("katas").resolve(id);
            assertThat(dir.resolve("README.md")).isRegularFile();
            assertThat(manifest.hints()).hasSizeGreaterThanOrEqualTo(3);
            assertThat(javaSources(dir)).anyMatch(source -> source.contains("TODO"));
            assertThat(Pipelines.repoRoot().resolve("solutions").resolve(id)).isDirectory();
            assertThat(Pipelines.implementations("mutants", id)).hasSizeGreaterThanOrEqualTo(3);
        }));
        long stubSeed = seed();
        tests.add(DynamicTest.dynamicTest("stub fails (seed " + stubSeed + ")", () -> {
            CheckResult result = Pipelines.check(app, id, Pipelines.repoRoot().resolve("katas").resolve(id), stubSeed);
            assertThat(result.status()).as(Pipelines.explain(result)).isIn(CAUGHT);
        }));
        long referenceSeed = seed();
        tests.add(DynamicTest.dynamicTest("reference passes (seed " + referenceSeed + ")", () -> {
            CheckResult result = Pipelines.checkReference(app, id, referenceSeed);
            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
        }));
        for (Path mutant : Pipelines.implementations("mutants", id)) {
            long seed = seed();
            tests.add(DynamicTest.dynamicTest("mutant " + mutant.getFileName() + " fails (seed " + seed + ")", () -> {
                CheckResult result = Pipelines.check(app, id, mutant, seed);
                assertThat(result.status()).as(Pipelines.explain(result)).isIn(CAUGHT);
            }));
        }
        for (Path alternative : Pipelines.implementations("alternatives", id)) {
            long seed = seed();
            tests.add(DynamicTest.dynamicTest("alternative " + alternative.getFileName() + " passes (seed " + seed
                    + ")", () -> {
                CheckResult result = Pipelines.check(app, id, alternative, seed);
                assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
            }));
        }
        return tests;
    }

    private static long seed() {
        return ThreadLocalRandom.current().nextLong(1, 1_000_000);
    }

    private static List<String> javaSources(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            List<String> sources = new ArrayList<>();
            for (Path file : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                sources.add(Files.readString(file));
            }
            return sources;
        }
    }
}
