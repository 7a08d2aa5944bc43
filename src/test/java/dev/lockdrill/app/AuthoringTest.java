package dev.lockdrill.app;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.PristineCopies;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.SuiteProgress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `lockdrill dev check` as a test, for every kata the pipeline knows: the stub as shipped (the packaged
 * copy, not katas/, which a learner may have solved) fails, the
 * reference passes, every mutant (a realistic bug) is caught by the invariant its expect.yaml names
 * (a timeout or crash counts only where expected), every alternative correct solution (written
 * differently from the reference) passes, and every contract clause is covered. Seeds are random per build and part of each
 * test's name, so a failure is replayed with `lockdrill check KATA --from DIR --seed N`. The checks
 * are started together on a small pool when the tests are generated (each in its own schema and
 * child JVM, most of their time spent in injected pauses) and each test waits for its own.
 */
class AuthoringTest {
    static final int PARALLEL_CHECKS = 2;
    /** Generous, so a loaded CI machine never turns a slow correct run into a timeout. */
    static final Duration TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    static Path state;
    static AppContext app;
    static ExecutorService pool;
    /** The checks take minutes in all: each one says on the console when it is done. */
    static SuiteProgress progress;

    @BeforeAll
    static void openApp() {
        app = Pipelines.app(state);
        pool = Executors.newFixedThreadPool(PARALLEL_CHECKS);
    }

    @AfterAll
    static void closeApp() {
        pool.shutdownNow();
        app.close();
    }

    private static Future<CheckResult> start(Callable<CheckResult> check) {
        return pool.submit(check);
    }

    @TestFactory
    Stream<DynamicNode> everyKataIsAuthoredCorrectly() {
        Catalog catalog = new Catalog(Workbook.at(Pipelines.repoRoot()));
        progress = new SuiteProgress("AuthoringTest", KataRegistry.ids().stream()
                .mapToInt(id -> new DevCheck(app, TIMEOUT).subjects(id).size()).sum());
        List<DynamicNode> katas = KataRegistry.ids().stream()
                .<DynamicNode>map(id -> DynamicContainer.dynamicContainer(id, tests(catalog, id))).toList();
        return katas.stream();
    }

    private static List<DynamicNode> tests(Catalog catalog, String id) {
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("kata has a brief, a TODO, 3 hints, linked drills and at least 3 mutants", () -> {
            KataManifest manifest = catalog.kata(id);
            Map<String, byte[]> stub = new PristineCopies().files(id);
            assertThat(stub).containsKey("README.md");
            assertThat(KataRegistry.hints().of(id)).as("hints shipped with lockdrill").hasSizeGreaterThanOrEqualTo(3);
            assertThat(stub.entrySet()).filteredOn(file -> file.getKey().endsWith(".java"))
                    .anyMatch(file -> new String(file.getValue(), StandardCharsets.UTF_8).contains("TODO"));
            assertThat(Pipelines.repoRoot().resolve("solutions").resolve(id)).isDirectory();
            assertThat(Pipelines.implementations("mutants", id)).hasSizeGreaterThanOrEqualTo(3);
            assertThat(manifest.drills()).as("linked drill cards exist").isNotEmpty().allSatisfy(drill ->
                    assertThat(Pipelines.repoRoot().resolve("drills").resolve(drill + ".yaml")).isRegularFile());
        }));
        DevCheck dev = new DevCheck(app, TIMEOUT);
        Set<String> scenarios = ConcurrentHashMap.newKeySet();
        List<Future<?>> referenceRuns = new ArrayList<>();
        for (DevCheck.Subject subject : dev.subjects(id)) {
            long seed = seed();
            Future<CheckResult> check = start(() -> {
                CheckResult result = dev.check(subject, seed);
                String kind = subject.kind().name().toLowerCase(java.util.Locale.ROOT);
                progress.done(id + " " + (kind.equals(subject.name()) ? kind : kind + " " + subject.name()));
                return result;
            });
            if (subject.kind() == DevCheck.Kind.REFERENCE) {
                referenceRuns.add(check);
            }
            tests.add(DynamicTest.dynamicTest(title(subject) + " (seed " + seed + ")", () -> {
                CheckResult result = check.get();
                if (subject.kind() == DevCheck.Kind.REFERENCE) {
                    scenarios.addAll(DevCheck.scenarios(result.you().history()));
                }
                assertThat(DevCheck.judge(subject, result)).as(Pipelines.explain(result)).isNull();
            }));
        }
        tests.add(DynamicTest.dynamicTest("every contract clause has an invariant and a scenario the reference ran",
                () -> {
                    for (Future<?> run : referenceRuns) {
                        run.get();
                    }
                    assertThat(DevCheck.coverage(KataRegistry.get(id), scenarios)).isEmpty();
                }));
        return tests;
    }

    private static String title(DevCheck.Subject subject) {
        return switch (subject.kind()) {
            case STUB -> "stub fails";
            case REFERENCE -> "reference passes";
            case MUTANT -> "mutant " + subject.name() + " is caught by "
                    + (subject.expected().invariants().isEmpty() ? subject.expected().status().label()
                    : String.join(" or ", subject.expected().invariants()));
            case ALTERNATIVE -> "alternative " + subject.name() + " passes";
        };
    }

    private static long seed() {
        return ThreadLocalRandom.current().nextLong(1, 1_000_000);
    }

}
