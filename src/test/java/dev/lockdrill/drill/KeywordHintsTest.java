package dev.lockdrill.drill;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordHintsTest {
    private final RubricPoint point = new RubricPoint("tokens increase and storage rejects stale ones",
            List.of("fencing token", "monoton", "reject", "zxid"), 3, List.of(1));

    @Test
    void keywordsMatchAtWordStartsIgnoringCaseAndPunctuation() {
        assertThat(KeywordHints.found(point, "The store REJECTS a Fencing-Token that is lower; tokens are "
                + "monotonic.")).containsExactly("fencing token", "monoton", "reject");
    }

    @Test
    void aKeywordInsideAnotherWordDoesNotCount() {
        assertThat(KeywordHints.found(point, "the prejected zxids")).containsExactly("zxid");
    }

    @Test
    void anAnswerWithoutTheKeywordsGetsNoHint() {
        assertThat(KeywordHints.found(point, "I would just use a lock.")).isEmpty();
    }
}
