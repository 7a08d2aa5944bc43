package dev.lockdrill.testing;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The screen checker itself: it must catch the breaks users measured, and accept a screen that only rewraps. */
class ScreenLayoutTest {
    static final String WIDE = "run the check before you commit the change\n"
            + "| name | invariant that fails |\n| C3 | opens-only-after-minimum-calls |\n";

    @Test
    void aWordSplitAcrossALineBreakIsFound() {
        String narrow = "run the check before you co\nmmit the change\n";
        assertThat(ScreenLayout.brokenWords(narrow, WIDE)).contains("co|mmit");
    }

    @Test
    void aWordCutInsideAWrappedTableCellIsFound() {
        String narrow = "C3   opens-only-after-minimum\n     -calls\n";
        assertThat(ScreenLayout.brokenWords(narrow, WIDE)).contains("opens-only-after-minimum (of "
                + "opens-only-after-minimum-calls)");
    }

    @Test
    void rewrappingAtWordsAndFoldingATableIntoLabelsIsNoBreak() {
        String narrow = "run the check before you\ncommit the change\nname: C3\n  invariant that fails:\n"
                + "    opens-only-after-minimum-calls\n";
        assertThat(ScreenLayout.brokenWords(narrow, WIDE)).isEmpty();
        ScreenLayout.assertLaidOut("rewrapped", 40, narrow, WIDE);
    }

    @Test
    void aLineWiderThanTheScreenFailsEvenInColour() {
        assertThatThrownBy(() -> ScreenLayout.assertLaidOut("wide", 10, "\u001b[31mshort\u001b[0m\n"
                + "a line of twenty col\n", "x")).hasMessageContaining("a line of twenty col");
        ScreenLayout.assertLaidOut("coloured", 5, "\u001b[31mshort\u001b[0m\n", "short");
    }
}
