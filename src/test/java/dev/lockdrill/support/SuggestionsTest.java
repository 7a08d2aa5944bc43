package dev.lockdrill.support;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SuggestionsTest {
    static final List<String> KATAS = List.of("fencing-token", "lease-claim", "pg-lock-service", "bulkhead");

    @Test
    void aTypoGetsTheClosestName() {
        assertThat(Suggestions.didYouMean("fencing-tokn", KATAS)).isEqualTo(" Did you mean 'fencing-token'?");
        assertThat(Suggestions.didYouMean("fencing", KATAS)).isEqualTo(" Did you mean 'fencing-token'?");
        assertThat(Suggestions.didYouMean("bulkhed", KATAS)).isEqualTo(" Did you mean 'bulkhead'?");
    }

    @Test
    void somethingUnlikeAnyNameGetsNoGuess() {
        assertThat(Suggestions.didYouMean("redis", KATAS)).isEmpty();
        assertThat(Suggestions.didYouMean("", KATAS)).isEmpty();
    }
}
