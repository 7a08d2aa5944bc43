package dev.lockdrill.speech;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Keywords written for reading, said as words the recognizer knows. */
class SpokenKeywordsTest {
    private static final Pronunciations DICTIONARY = new Pronunciations(Set.of("red", "lock", "fencing", "token",
            "tokens", "increase", "increasing", "skip", "locked", "p", "g", "advisory", "thirty", "three", "zero",
            "one", "hundred", "five", "thousand", "two", "x", "z", "i", "d", "sequence"));
    private final SpokenKeywords spoken = new SpokenKeywords(DICTIONARY);

    @Test
    void numbersAreSaidAsWords() {
        assertThat(SpokenKeywords.number("33")).containsExactly("thirty", "three");
        assertThat(SpokenKeywords.number("503")).containsExactly("five", "hundred", "three");
        assertThat(SpokenKeywords.number("2000")).containsExactly("two", "thousand");
        assertThat(SpokenKeywords.number("1015")).containsExactly("one", "thousand", "fifteen");
        assertThat(SpokenKeywords.number("0")).containsExactly("zero");
        assertThat(SpokenKeywords.number("12345678")).hasSize(8).startsWith("one", "two");
        assertThat(spoken.spoken("33")).contains(List.of("thirty", "three"));
    }

    @Test
    void wordsTheDictionaryLacksAreSplitIntoWordsItHasOrSpelled() {
        assertThat(spoken.spoken("Redlock")).contains(List.of("red", "lock"));
        assertThat(spoken.spoken("pg_advisory_lock")).contains(List.of("p", "g", "advisory", "lock"));
        assertThat(spoken.spoken("SKIP LOCKED")).contains(List.of("skip", "locked"));
        assertThat(spoken.spoken("zxid")).contains(List.of("z", "x", "i", "d"));
    }

    @Test
    void aStemStaysAStemOnlyAtTheEnd() {
        assertThat(spoken.spoken("increas")).contains(List.of("increas"));
        assertThat(spoken.spoken("fencing token")).contains(List.of("fencing", "token"));
        assertThat(spoken.spoken("qqq")).isEqualTo(Optional.empty());
        assertThat(spoken.spoken("  ")).isEmpty();
    }
}
