package dev.lockdrill.drill;

import dev.lockdrill.app.KataRegistry;
import com.fasterxml.jackson.core.type.TypeReference;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule taught in more than one place is stated once, in {@code drills/rules/rules.yaml}; the cards
 * and katas that teach it must cite it and must not contradict it (issue 14: a card said a revoked
 * token does not trip the breaker while the kata tripped on 401).
 */
class DrillTeachingRulesTest {
    private static final Path RULES = Path.of("drills", "rules", "rules.yaml");
    private static final ObjectMapper STRICT = Json.yaml().copy()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    record Claim(String pattern, String because, String example) {
        Pattern compiled() {
            return Pattern.compile(pattern);
        }
    }

    record TeachingRule(String id, String rule, List<String> sources, boolean everywhere, List<String> cards,
                        List<String> katas, String note, List<String> mustMention, List<Claim> mustNotSay) {
        TeachingRule {
            sources = sources == null ? List.of() : sources;
            cards = cards == null ? List.of() : cards;
            katas = katas == null ? List.of() : katas;
            mustMention = mustMention == null ? List.of() : mustMention;
            mustNotSay = mustNotSay == null ? List.of() : mustNotSay;
        }
    }

    /** Something that teaches: a card's rubric, spoken core and model answer, or a kata's brief, summary and hints. */
    record Teaching(String name, String text) {
    }

    private static final List<TeachingRule> RULE_LIST = readRules();
    private static final Map<String, DrillCard> CARDS = new DrillCatalog(Path.of("drills")).cards().stream()
            .collect(Collectors.toMap(DrillCard::id, Function.identity()));
    private static final Map<String, KataManifest> KATAS = new Catalog(Workbook.at(Path.of(""))).katas().stream()
            .collect(Collectors.toMap(KataManifest::id, Function.identity()));

    private static List<TeachingRule> readRules() {
        try {
            return STRICT.readValue(RULES.toFile(), new TypeReference<List<TeachingRule>>() { });
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + RULES + ": " + e.getMessage(), e);
        }
    }

    private static Teaching card(DrillCard card) {
        String rubric = card.rubric().stream().map(RubricPoint::point).collect(Collectors.joining("\n"));
        return new Teaching("card " + card.id(), rubric + "\n" + card.core() + "\n" + card.modelAnswer());
    }

    private static Teaching kata(KataManifest kata) {
        try {
            String brief = Files.readString(Path.of("katas", kata.id(), "README.md"));
            return new Teaching("kata " + kata.id(), brief + "\n" + kata.summary() + "\n" + String.join("\n",
                    KataRegistry.hints().of(kata.id())));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the brief of kata " + kata.id() + ": " + e.getMessage(), e);
        }
    }

    /** Sentences of {@code teaching} that say a claim the rule forbids, one line per finding. */
    static List<String> contradictions(TeachingRule rule, Teaching teaching) {
        List<String> found = new ArrayList<>();
        String flat = teaching.text().replaceAll("\\s+", " ");
        for (Claim claim : rule.mustNotSay()) {
            var matcher = claim.compiled().matcher(flat);
            while (matcher.find()) {
                found.add(teaching.name() + " says \"" + matcher.group() + "\", against rule " + rule.id() + ": "
                        + claim.because());
            }
        }
        return found;
    }

    private static List<Teaching> teachingsOf(TeachingRule rule) {
        Stream<DrillCard> cards = rule.everywhere() ? CARDS.values().stream()
                : rule.cards().stream().map(CARDS::get);
        Stream<KataManifest> katas = rule.everywhere() ? KATAS.values().stream()
                : rule.katas().stream().map(KATAS::get);
        return Stream.concat(cards.map(DrillTeachingRulesTest::card), katas.map(DrillTeachingRulesTest::kata)).toList();
    }

    @Test
    void everyRuleNamesItsSourcesWhoTeachesItAndAClaimItWouldCatch() {
        Set<String> ids = new HashSet<>();
        for (TeachingRule rule : RULE_LIST) {
            assertThat(ids.add(rule.id())).as("rule id %s is unique", rule.id()).isTrue();
            assertThat(rule.rule()).as("rule %s states the rule", rule.id()).isNotBlank();
            assertThat(rule.sources()).as("rule %s names its primary sources", rule.id()).isNotEmpty();
            assertThat(rule.cards()).as("rule %s is taught by a card", rule.id()).isNotEmpty()
                    .allSatisfy(id -> assertThat(CARDS).as("card %s of rule %s", id, rule.id()).containsKey(id));
            assertThat(rule.katas()).allSatisfy(id -> assertThat(KATAS).as("kata %s of rule %s", id, rule.id())
                    .containsKey(id));
            assertThat(rule.mustNotSay()).as("rule %s names a claim that contradicts it", rule.id()).isNotEmpty();
            for (Claim claim : rule.mustNotSay()) {
                assertThat(claim.because()).as("rule %s says why %s is wrong", rule.id(), claim.pattern()).isNotBlank();
                assertThat(claim.compiled().matcher(claim.example()).find())
                        .as("rule %s: pattern %s catches its example \"%s\"", rule.id(), claim.pattern(), claim.example())
                        .isTrue();
            }
        }
    }

    @Test
    void aCardCitesExactlyTheRulesThatListIt() {
        Map<String, TeachingRule> byId = RULE_LIST.stream().collect(Collectors.toMap(TeachingRule::id, r -> r));
        for (DrillCard card : CARDS.values()) {
            for (String ruleId : card.rules()) {
                assertThat(byId).as("card %s cites rule %s", card.id(), ruleId).containsKey(ruleId);
                assertThat(byId.get(ruleId).cards()).as("rule %s lists card %s, which cites it", ruleId, card.id())
                        .contains(card.id());
            }
        }
        for (TeachingRule rule : RULE_LIST) {
            for (String cardId : rule.cards()) {
                assertThat(CARDS.get(cardId).rules()).as("card %s cites rule %s, which lists it", cardId, rule.id())
                        .contains(rule.id());
            }
        }
    }

    @Test
    void aCardThatTeachesARuleSaysWhatTheRuleNeeds() {
        for (TeachingRule rule : RULE_LIST) {
            for (String cardId : rule.cards()) {
                Teaching teaching = card(CARDS.get(cardId));
                for (String term : rule.mustMention()) {
                    assertThat(Pattern.compile("(?i)" + term).matcher(teaching.text()).find())
                            .as("%s mentions %s (rule %s)", teaching.name(), term, rule.id()).isTrue();
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> nothingThatTeachesARuleContradictsIt() {
        return RULE_LIST.stream().map(rule -> DynamicTest.dynamicTest(rule.id(), () -> assertThat(
                teachingsOf(rule).stream().flatMap(t -> contradictions(rule, t).stream()).toList()).isEmpty()));
    }

    @Test
    void theOldEmitterCardWouldHaveFailed() {
        TeachingRule rule = RULE_LIST.stream().filter(r -> r.id().equals("breaker-error-classes")).findFirst()
                .orElseThrow();
        Teaching old = new Teaching("card breakers-in-the-emitter (before issue 14)", "A 404 or an invalid-token 4xx "
                + "for a single\n  request is a permanent error for that event; it goes to the DLQ without retries and "
                + "does not\n  trip the breaker.");
        assertThat(contradictions(rule, old)).singleElement().asString()
                .startsWith("card breakers-in-the-emitter (before issue 14) says \"invalid-token 4xx");
    }

    @Test
    void everyKataBriefNamesItsSources() {
        for (KataManifest kata : KATAS.values()) {
            assertThat(kata(kata).text()).as("the brief of kata %s has a Sources paragraph", kata.id())
                    .containsPattern("(?m)^Sources: \\S");
        }
    }
}
