package dev.lockdrill.app;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.SuiteProgress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Explorers and invariants agree: every fault an explorer schedules has the excuse or the
 * expectation it needs in the invariants, so each kata's reference explored at several seeds finds
 * nothing. When it does find something, either the explorer broke the contract or an invariant
 * judges more than the contract promises (or the reference has a bug): the message gives the
 * shrunk schedule and the command that replays it. The seed is 1 (the bench adds 2 and 3: with ten
 * katas, the sandbox of a root check and this session's new scenarios the full suite took 14 min
 * 45 s with seeds 1 and 2, this test 138 s of it, too close to its 15 minutes): random
 * seeds found a redlock disagreement at seed 271561 (majority-before-holding, see bench/README,
 * since fixed), and a suite must not fail by luck. The explorations run one after another (they
 * are timing-sensitive). This is the short
 * version; {@code bench/explore-references.sh} runs each reference for 60 s at seeds 1, 2 and 3.
 */
class ReferenceExplorationTest {
    static final int SEEDS = 1;
    static final Duration EACH = Duration.ofSeconds(3);

    @TempDir
    static Path state;
    static AppContext app;
    /** The explorations take minutes in all: each one says on the console when it is done. */
    static SuiteProgress progress;

    @BeforeAll
    static void openApp() {
        app = Pipelines.app(state);
    }

    @AfterAll
    static void closeApp() {
        app.close();
    }

    @TestFactory
    Stream<DynamicNode> everyReferenceExploredAtSeveralSeedsFindsNothing() {
        progress = new SuiteProgress("ReferenceExplorationTest",
                (int) KataRegistry.ids().stream().filter(id -> KataRegistry.get(id).explores()).count() * SEEDS);
        return KataRegistry.ids().stream().filter(id -> KataRegistry.get(id).explores())
                .map(id -> DynamicContainer.dynamicContainer(id, LongStream.rangeClosed(1, SEEDS)
                        .mapToObj(seed -> DynamicTest.dynamicTest("reference finds nothing (seed " + seed + ")",
                                () -> exploreReference(id, seed)))));
    }

    private static void exploreReference(String kata, long seed) {
        ExploreService.Result result = new ExploreService(app).explore(new ExploreService.Request(kata, null, true,
                List.of(), seed, null, EACH, null, null), CheckProgress.SILENT);
        progress.done(kata + " seed " + seed + ": " + result.schedules() + " schedules");

        assertThat(result.schedules()).as("schedules explored").isPositive();
        assertThat(result.found()).as(() -> describe(result)).isFalse();
    }

    private static String describe(ExploreService.Result result) {
        ExploreService.Finding finding = result.finding();
        String failed = finding.failed().isEmpty() ? "the check process " + finding.ended()
                : finding.failed().stream().map(ReferenceExplorationTest::describe).collect(Collectors.joining("; "));
        return "the reference of " + result.kata() + " broke on schedule " + finding.found() + ": " + failed
                + "; steps: " + finding.steps().stream().map(s -> s.step() + " " + s.actor() + " " + s.does())
                .collect(Collectors.joining(" | ")) + "; replay: " + result.replayCommand() + finding.shrunk();
    }

    private static String describe(InvariantResult result) {
        return result.name() + " " + result.verdict() + ": " + result.evidence().stream().limit(3)
                .map(Evidence::text).collect(Collectors.joining(" | "));
    }
}
