package dev.lockdrill.drill;

import dev.lockdrill.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The countdown ticks on the status line once a second of (fake) time and is cleared after. */
class AnswerTimerTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-02T09:00:00Z"));

    @Test
    void theStatusLineCountsDownUntilEnter() {
        FakeConsole console = new FakeConsole(true, List.of(FakeConsole.NONE, FakeConsole.NONE, (int) '\r'));
        AnswerTimer.Answer answer = new AnswerTimer(console, clock).spoken(Duration.ofSeconds(5));

        assertThat(console.statuses).extracting(s -> s.substring(0, s.indexOf(" left")))
                .containsExactly("⏱ 0:05", "⏱ 0:04", "⏱ 0:03");
        assertThat(console.statusCleared).isTrue();
        assertThat(console.keysOn).isFalse();
        assertThat(answer.timedOut()).isFalse();
        assertThat(answer.used()).isEqualTo(Duration.ofSeconds(2));
        assertThat(console.text()).contains("You have 0:05.", "Answered in 0:02, 0:03 left.");
    }

    @Test
    void withoutAKeyTheTimeRunsOutAndTheTimerSaysSo() {
        FakeConsole console = new FakeConsole(false, List.of());
        AnswerTimer.Answer answer = new AnswerTimer(console, clock).spoken(Duration.ofMillis(2500));

        assertThat(answer.timedOut()).isTrue();
        assertThat(console.text()).contains("You have 0:02.", "Time is up: 0:02 used.");
    }

    @Test
    void ctrlCDuringTheCountdownStopsTheDrillAndLeavesLineInputRestored() {
        FakeConsole console = new FakeConsole(true, List.of(FakeConsole.NONE, 3));
        assertThatThrownBy(() -> new AnswerTimer(console, clock).spoken(Duration.ofSeconds(60)))
                .hasMessageContaining("nothing was recorded");
        assertThat(console.keysOn).isFalse();
        assertThat(console.statusCleared).isTrue();
    }

    /** A console that scripts the keys pressed; a wait with no key passes its whole timeout on the fake clock. */
    private final class FakeConsole implements DrillConsole {
        static final int NONE = -100;
        final List<String> statuses = new ArrayList<>();
        final Deque<Integer> keys;
        final boolean statusLine;
        final StringWriter screen = new StringWriter();
        final PrintWriter out = new PrintWriter(screen);
        boolean statusCleared;
        boolean keysOn;

        FakeConsole(boolean statusLine, List<Integer> keys) {
            this.statusLine = statusLine;
            this.keys = new ArrayDeque<>(keys);
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
            return null;
        }

        @Override
        public int readKey(long timeoutMillis) {
            assertThat(keysOn).isTrue();
            Integer key = keys.poll();
            if (key == null || key == NONE) {
                clock.advance(Duration.ofMillis(timeoutMillis));
                return TIMEOUT;
            }
            return key;
        }

        @Override
        public void keys(boolean on) {
            keysOn = on;
        }

        @Override
        public boolean hasStatusLine() {
            return statusLine;
        }

        @Override
        public void status(String text) {
            statuses.add(text);
        }

        @Override
        public void clearStatus() {
            statusCleared = true;
        }

        @Override
        public boolean color() {
            return false;
        }
    }
}
