package dev.lockdrill.repl;

import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Which terminals answer a drill's questions with one key, and what a key there reads as. */
class TerminalConsoleTest {
    @Test
    void aDumbTerminalAnswersWithLines() {
        try (TerminalConsole console = TerminalConsole.dumb(new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream())) {
            assertThat(console.singleKeys()).isFalse();
        }
    }

    @Test
    void aRealTerminalSendsEachKeyAsPressedAndCtrlCAsAKeyWhileReadingKeys() throws Exception {
        PipedOutputStream typing = new PipedOutputStream();
        PipedInputStream keyboard = new PipedInputStream(typing);
        ExternalTerminal terminal = new ExternalTerminal("test", "xterm-256color", keyboard,
                new ByteArrayOutputStream(), StandardCharsets.UTF_8);
        try (TerminalConsole console = TerminalConsole.owning(terminal, false)) {
            assertThat(console.singleKeys()).isTrue();
            console.keys(true);
            typing.write('y');
            typing.flush();
            assertThat(console.readKey(5_000)).isEqualTo('y');
            typing.write(3);
            typing.flush();
            assertThat(console.readKey(5_000)).as("Ctrl-C").isEqualTo(3);
            console.keys(false);
        }
    }
}
