package dev.lockdrill.drill;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A y/n or a rating is one key on a real terminal (echoed at once) and a line on a dumb one. */
class OneKeyPromptTest {
    @Test
    void onATerminalWithSingleKeysAKeyAnswersAtOnceAndIsEchoed() {
        FakeConsole console = FakeConsole.keys('y');
        String answer = new OneKeyPrompt(console).ask("      covered? [y/n] ", "");

        assertThat(answer).isEqualTo("y");
        assertThat(console.text()).isEqualTo("      covered? [y/n] y\n");
        assertThat(console.linesRead).isEmpty();
        assertThat(console.keysOn).isFalse();
    }

    @Test
    void enterTakesTheDefaultAndShowsWhatItMeans() {
        FakeConsole console = FakeConsole.keys('\r');
        String answer = new OneKeyPrompt(console).ask("Rating [Enter = 3 Good] ", "3 Good");

        assertThat(answer).isEmpty();
        assertThat(console.text()).isEqualTo("Rating [Enter = 3 Good] 3 Good\n");
    }

    @Test
    void waitsPastTimeoutsAndSkipsArrowKeys() {
        FakeConsole console = FakeConsole.keys(DrillConsole.TIMEOUT, 27, '[', 'A', DrillConsole.TIMEOUT, 'n');
        assertThat(new OneKeyPrompt(console).ask("covered? [y/n] ", "")).isEqualTo("n");
        assertThat(console.text()).isEqualTo("covered? [y/n] n\n");
    }

    @Test
    void ctrlCAtAKeyPromptStopsTheDrillAndLeavesLineInputRestored() {
        FakeConsole console = FakeConsole.keys(3);
        assertThatThrownBy(() -> new OneKeyPrompt(console).ask("covered? [y/n] ", ""))
                .hasMessage(DrillSession.STOPPED);
        assertThat(console.keysOn).isFalse();
    }

    @Test
    void ctrlDAndTheEndOfInputStopTheDrillToo() {
        assertThatThrownBy(() -> new OneKeyPrompt(FakeConsole.keys(4)).ask("covered? [y/n] ", ""))
                .hasMessage(DrillSession.STOPPED);
        assertThatThrownBy(() -> new OneKeyPrompt(FakeConsole.keys()).ask("covered? [y/n] ", ""))
                .hasMessage(DrillSession.STOPPED);
    }

    @Test
    void onADumbTerminalTheAnswerIsALineAsBefore() {
        FakeConsole console = FakeConsole.lines("yes");
        assertThat(new OneKeyPrompt(console).ask("covered? [y/n] ", "")).isEqualTo("yes");
        assertThat(console.linesRead).containsExactly("covered? [y/n] ");
        assertThatThrownBy(() -> new OneKeyPrompt(FakeConsole.lines()).ask("covered? [y/n] ", ""))
                .hasMessage(DrillSession.STOPPED);
    }

    @Test
    void aQuestionTooWideForTheScreenIsWrappedAndItsLastLineIsThePrompt() {
        FakeConsole console = FakeConsole.keys('y').width(40);
        new OneKeyPrompt(console).ask("Play your answer back now, before the rubric? [y/N] ", "n");

        assertThat(console.text()).isEqualTo("Play your answer back now, before\nthe rubric? [y/N] y\n");
        assertThat(console.text().lines()).allMatch(line -> line.length() <= 40);
    }

    /** Keys (or lines) scripted in advance; no key left is the end of the input. */
    private static final class FakeConsole implements DrillConsole {
        final Deque<Integer> keys = new ArrayDeque<>();
        final Deque<String> lines = new ArrayDeque<>();
        final List<String> linesRead = new ArrayList<>();
        final StringWriter screen = new StringWriter();
        final PrintWriter out = new PrintWriter(screen);
        final boolean singleKeys;
        int width = 80;
        boolean keysOn;

        private FakeConsole(boolean singleKeys) {
            this.singleKeys = singleKeys;
        }

        static FakeConsole keys(int... keys) {
            FakeConsole console = new FakeConsole(true);
            for (int key : keys) {
                console.keys.add(key);
            }
            return console;
        }

        static FakeConsole lines(String... lines) {
            FakeConsole console = new FakeConsole(false);
            console.lines.addAll(List.of(lines));
            return console;
        }

        FakeConsole width(int columns) {
            width = columns;
            return this;
        }

        String text() {
            out.flush();
            return screen.toString();
        }

        @Override
        public PrintWriter out() {
            return out;
        }

        @Override
        public String readLine(String prompt) {
            linesRead.add(prompt);
            out.print(prompt);
            return lines.poll();
        }

        @Override
        public int readKey(long timeoutMillis) {
            assertThat(keysOn).as("keys are read in single-key mode").isTrue();
            Integer key = keys.poll();
            return key == null ? EOF : key;
        }

        @Override
        public void keys(boolean on) {
            keysOn = on;
        }

        @Override
        public boolean singleKeys() {
            return singleKeys;
        }

        @Override
        public boolean hasStatusLine() {
            return false;
        }

        @Override
        public void status(String text) {
        }

        @Override
        public void clearStatus() {
        }

        @Override
        public boolean color() {
            return false;
        }

        @Override
        public int width() {
            return width;
        }
    }
}
