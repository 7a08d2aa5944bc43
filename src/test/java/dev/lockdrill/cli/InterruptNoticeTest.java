package dev.lockdrill.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Ctrl-C's sentence is said once, by the signal or by the interrupted result, whichever comes first. */
class InterruptNoticeTest {
    @Test
    void theSignalSaysTheSentenceThenExitsAndTheResultDoesNotRepeatIt() {
        List<String> said = new ArrayList<>();
        InterruptNotice notice = new InterruptNotice(() -> said.add("Interrupted."), () -> said.add("exit 130"), false);
        assertThat(notice.said()).isFalse();

        notice.onSignal();
        notice.say();

        assertThat(said).containsExactly("Interrupted.", "exit 130");
        assertThat(notice.said()).isTrue();
    }
}
