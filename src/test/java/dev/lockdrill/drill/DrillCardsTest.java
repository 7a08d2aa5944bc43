package dev.lockdrill.drill;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.support.Json;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every card in drills/ is complete, parses strictly, and links only katas that exist or are planned. */
class DrillCardsTest {
    /** The first wave of katas (design.md); cards may link them before their code is merged. */
    static final Set<String> FIRST_WAVE = Set.of("fencing-token", "lease-claim", "outbox-relay", "double-send",
            "pg-lock-service", "circuit-breaker", "breaker-placement", "bulkhead");
    private static final Path DRILLS = Path.of("drills");
    private static final ObjectMapper STRICT = Json.yaml().copy()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @TestFactory
    Stream<DynamicTest> everyCardIsValid() throws IOException {
        Set<String> katas = new HashSet<>(FIRST_WAVE);
        katas.addAll(new Catalog(Workbook.at(Path.of(""))).ids());
        CardValidator validator = new CardValidator(katas);
        try (Stream<Path> files = Files.list(DRILLS)) {
            List<Path> cards = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            return cards.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
                DrillCard card = STRICT.readValue(file.toFile(), DrillCard.class);
                assertThat(validator.problems(card, file.getFileName().toString())).isEmpty();
            }));
        }
    }

    @Test
    void theCatalogHasAtLeastTwentyCardsIncludingTheSeedDrillsAndTheMisconception() {
        List<String> ids = new DrillCatalog(DRILLS).ids();
        assertThat(ids).hasSizeGreaterThanOrEqualTo(20).contains(
                "lock-not-correctness", "breakers-in-the-emitter", "database-as-lock-service",
                "double-send-at-ten-workers",
                "lease", "fencing-token", "lock-scope-transaction-scope", "transactional-outbox",
                "notification-drain-lease", "circuit-breaker-states", "bulkhead", "provider-idempotency-keys",
                "locks-optimize-fences-guarantee", "redlock-kleppmann-critique", "redlock-antirez-reply",
                "push-dedup-misconception");
    }

    @Test
    void everySpokenCoreCanBeSaidWithinItsTimeLimitAt150WordsAMinute() {
        List<DrillCard> cards = new DrillCatalog(DRILLS).cards();
        assertThat(cards).isNotEmpty().allSatisfy(card -> assertThat(card.coreWords())
                .as("the spoken core of %s (%d s limit)", card.id(), card.timeLimitSeconds())
                .isPositive().isLessThanOrEqualTo(card.timeLimitSeconds() * 150 / 60));
    }

    @Test
    void aSpokenCoreLongerThanItsTimeLimitIsReported() {
        String core = "word ".repeat(151);
        DrillCard card = new DrillCard("w", "t", "spoken", "p", null, 60, List.of(
                new RubricPoint("a", List.of("a"), 1, List.of(1)), new RubricPoint("b", List.of("b"), 1, List.of(1)),
                new RubricPoint("c", List.of("c"), 1, List.of(1))), "m", List.of("s"), List.of(), null, null, core);
        assertThat(new CardValidator(FIRST_WAVE).problems(card, "w.yaml")).containsExactly(
                "w.yaml: the spoken core has 151 words, about 61 s at 150 words a minute; the time limit of 60 s "
                        + "allows 150");
    }

    @Test
    void theCatalogHasAtLeastFortyThreeCards() {
        assertThat(new DrillCatalog(DRILLS).ids()).hasSizeGreaterThanOrEqualTo(43);
    }

    @Test
    void theCatalogCoversWhatAnInterviewerAsksNext() {
        assertThat(new DrillCatalog(DRILLS).ids()).contains("lock-failover-and-token-durability",
                "consensus-leases-as-fences", "lock-free-alternatives", "exactly-once-vs-effectively-once",
                "retry-storms", "backpressure-and-load-shedding", "breakers-in-a-fleet", "redlock-timing-arithmetic");
    }

    @Test
    void everyDrillAKataLinksExists() {
        Set<String> ids = Set.copyOf(new DrillCatalog(DRILLS).ids());
        for (KataManifest kata : new Catalog(Workbook.at(Path.of(""))).katas()) {
            assertThat(ids).as("drills linked by kata " + kata.id()).containsAll(kata.drills());
        }
    }

    @Test
    void theValidatorReportsEveryMissingPiece() {
        DrillCard broken = new DrillCard("x", " ", "essay", "", null, 0,
                List.of(new RubricPoint("a", List.of(), 0, List.of())), null, List.of(), List.of("no-such-kata"), null);
        assertThat(new CardValidator(FIRST_WAVE).problems(broken, "y.yaml")).containsExactlyInAnyOrder(
                "y.yaml: id 'x' does not match the file name", "y.yaml: no title", "y.yaml: no prompt",
                "y.yaml: no core", "y.yaml: no modelAnswer", "y.yaml: kind 'essay' is not one of [spoken, design, concept]",
                "y.yaml: needs at least 3 rubric points, has 1", "y.yaml: rubric point 'a' has weight 0",
                "y.yaml: rubric point 'a' has no keywords", "y.yaml: rubric point 'a' names no source",
                "y.yaml: needs sources",
                "y.yaml: related kata 'no-such-kata' does not exist");
    }

    @Test
    void aRubricPointMustCiteASourceTheCardLists() {
        DrillCard card = new DrillCard("z", "t", "concept", "p", null, 60, List.of(
                new RubricPoint("a", List.of("a"), 1, List.of(1)), new RubricPoint("b", List.of("b"), 1, List.of(2)),
                new RubricPoint("c", List.of("c"), 1, List.of(0))), "m", List.of("only source"), List.of(), null, null,
                "the core");
        assertThat(new CardValidator(FIRST_WAVE).problems(card, "z.yaml")).containsExactlyInAnyOrder(
                "z.yaml: rubric point 'b' cites source 2, the card lists 1",
                "z.yaml: rubric point 'c' cites source 0, the card lists 1");
    }
}
