package dev.lockdrill.cli;

import dev.lockdrill.report.Style;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** The status line fits the terminal: one column short of its width, so rewriting it leaves no debris. */
class ProgressLineTest {
    @Test
    void aLongStageIsCutToTheTerminalsWidth() {
        for (int width : new int[] {40, 80, 120}) {
            StringWriter err = new StringWriter();
            ProgressLine line = new ProgressLine(new PrintWriter(err), true, new Style(false), width);
            line.stage("reference › confirming schedule 4 of 5 (pause-past-lease, kill-after-commit, "
                    + "stall-between-round-trips, lose-reply) on the run's schema");
            String shown = err.toString().replace("\r\u001b[K", "");
            assertThat(shown.codePointCount(0, shown.length())).isEqualTo(width - 1);
            assertThat(shown).endsWith("…");
        }
    }

    @Test
    void aShortStageIsShownWhole() {
        StringWriter err = new StringWriter();
        new ProgressLine(new PrintWriter(err), true, new Style(false), 80).stage("compiling");
        assertThat(err.toString()).endsWith("compiling").doesNotContain("…");
    }
}
