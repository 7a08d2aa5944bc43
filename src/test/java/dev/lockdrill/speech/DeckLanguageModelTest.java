package dev.lockdrill.speech;

import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.RubricPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The deck's bigram model: well-formed ARPA, the deck's words in it, common English beside them. */
class DeckLanguageModelTest {
    private static final Pronunciations DICTIONARY = new Pronunciations(Set.of("the", "a", "fencing", "token",
            "storage", "rejects", "stale", "writes", "red", "lock", "thirty", "three", "and", "of", "to", "you",
            "is", "it"));
    private static final DrillCard CARD = new DrillCard("c", "Fencing", "concept", "The storage rejects stale writes.",
            List.of(), 60, List.of(new RubricPoint("A fencing token is it", List.of("Redlock", "33"), 1, List.of())),
            "The storage rejects a stale token. Redlock!", List.of(), List.of(), null, null, "A fencing token.");

    @Test
    void theModelIsWellFormedArpaWithTheDecksWordsAndCommonEnglish() throws Exception {
        List<List<String>> sentences = DeckLanguageModel.sentences(List.of(CARD), DICTIONARY);
        assertThat(sentences).contains(List.of("red", "lock"), List.of("thirty", "three"),
                List.of("the", "storage", "rejects", "a", "stale", "token"));
        String arpa = DeckLanguageModel.arpa(sentences, DeckLanguageModel.commonWords(DICTIONARY));

        int unigrams = declared(arpa, 1);
        int bigrams = declared(arpa, 2);
        String ones = arpa.substring(arpa.indexOf("\\1-grams:") + 10, arpa.indexOf("\\2-grams:")).strip();
        String twos = arpa.substring(arpa.indexOf("\\2-grams:") + 10, arpa.indexOf("\\end\\")).strip();
        assertThat(ones.lines().count()).isEqualTo(unigrams);
        assertThat(twos.lines().count()).isEqualTo(bigrams);
        double total = ones.lines().filter(l -> !l.contains(" <s> "))
                .mapToDouble(l -> Math.pow(10, Double.parseDouble(l.split(" ")[0]))).sum();
        assertThat(total).isCloseTo(1.0, within(0.01));
        assertThat(ones).contains(" you ", " fencing ", " </s> ");
        assertThat(twos).contains("fencing token", "red lock");
    }

    @Test
    void theModelIsWrittenOnceAndFoundByItsContent(@TempDir Path cache) throws Exception {
        Path first = DeckLanguageModel.of(List.of(CARD), DICTIONARY, cache);
        Path again = DeckLanguageModel.of(List.of(CARD), DICTIONARY, cache);
        assertThat(again).isEqualTo(first);
        assertThat(Files.readString(first)).startsWith("\\data\\");
        try (var files = Files.list(cache)) {
            assertThat(files.count()).isEqualTo(1);
        }
    }

    private static int declared(String arpa, int order) {
        Matcher m = Pattern.compile("ngram " + order + "=(\\d+)").matcher(arpa);
        assertThat(m.find()).isTrue();
        return Integer.parseInt(m.group(1));
    }
}
