package dev.lockdrill.repl;

import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which pager the environment asks for, and when a screen goes through it. */
class PagerTest {
    @TempDir
    Path dir;

    @Test
    void lockdrillsOwnSettingComesFirstThenPagerThenLess() {
        assertThat(Pager.command(Map.of())).isEqualTo("less -FRX");
        assertThat(Pager.command(Map.of("PAGER", "most"))).isEqualTo("most");
        assertThat(Pager.command(Map.of("PAGER", "most", "LOCKDRILL_PAGER", "less -S"))).isEqualTo("less -S");
    }

    @Test
    void neverCatOrAnEmptySettingTurnsPagingOff() {
        for (String off : new String[]{"never", "NEVER", "cat", "", "  ", "off"}) {
            assertThat(Pager.command(Map.of("LOCKDRILL_PAGER", off))).as(off).isNull();
            assertThat(Pager.forProcess(Map.of("LOCKDRILL_PAGER", off), true, () -> 5).enabled()).as(off).isFalse();
        }
        assertThat(Pager.command(Map.of("PAGER", "cat"))).isNull();
        assertThat(Pager.command(Map.of("PAGER", "most", "LOCKDRILL_PAGER", "never"))).isNull();
    }

    @Test
    void nothingIsPagedWhenStdoutIsNoTerminalOrTheTerminalIsDumb() throws Exception {
        assertThat(Pager.forProcess(Map.of(), false, () -> 5).enabled()).isFalse();
        assertThat(Pager.forProcess(Map.of("TERM", "dumb"), true, () -> 5).enabled()).isFalse();
        try (Terminal dumb = new DumbTerminal("test", Terminal.TYPE_DUMB, new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream(), StandardCharsets.UTF_8)) {
            assertThat(Pager.forTerminal(Map.of(), dumb).enabled()).isFalse();
        }
    }

    @Test
    void aScreenLongerThanTheTerminalGoesThroughThePagerAndAShortOneDoesNot() throws Exception {
        Path paged = dir.resolve("paged.txt");
        Pager pager = Pager.forProcess(recordingTo(paged), true, () -> 4);

        assertThat(pager.show("one\ntwo\nthree\n")).as("fits above the prompt line").isFalse();
        assertThat(paged).doesNotExist();

        assertThat(pager.show("one\ntwo\nthree\nfour\n")).isTrue();
        assertThat(Files.readString(paged)).isEqualTo("one\ntwo\nthree\nfour\n");
    }

    @Test
    void aTerminalOfUnknownHeightIsNotPaged() {
        Path paged = dir.resolve("paged.txt");
        assertThat(Pager.forProcess(recordingTo(paged), true, () -> 0).show("a\n".repeat(200))).isFalse();
        assertThat(paged).doesNotExist();
    }

    @Test
    void aPagerThatCannotBeFoundLeavesTheScreenToBePrinted() {
        Pager missing = Pager.forProcess(Map.of("LOCKDRILL_PAGER", "no-such-pager-" + ProcessHandle.current().pid()),
                true, () -> 4);
        assertThat(missing.show("a\n".repeat(10))).isFalse();
    }

    private static Map<String, String> recordingTo(Path file) {
        Map<String, String> env = new HashMap<>();
        env.put("LOCKDRILL_PAGER", "cat > '" + file + "'");
        return env;
    }
}
