package dev.lockdrill.cli;

import dev.lockdrill.report.Style;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The status line fits the terminal: one column short of its width, so rewriting it leaves no debris;
 * and a stage that lasts keeps showing its time passing (a fake clock and heartbeat stand in for the
 * real second-by-second one).
 */
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

    @Test
    void aStageThatLastsIsRedrawnEverySecondWithItsOwnTimeSoItNeverLooksFrozen() {
        StringWriter err = new StringWriter();
        AtomicLong now = new AtomicLong();
        FakeHeartbeat heartbeat = new FakeHeartbeat();
        ProgressLine line = new ProgressLine(new PrintWriter(err), true, new Style(false), 80, now::get, heartbeat);

        line.stage("you › cleaning up");
        assertThat(lastDraw(err)).isEqualTo("  0.0s  you › cleaning up");
        for (int second = 1; second <= 6; second++) {
            now.addAndGet(TimeUnit.SECONDS.toNanos(1));
            heartbeat.beat();
            assertThat(lastDraw(err)).isEqualTo(String.format(Locale.ROOT, "%5.1fs  you › cleaning up · %ds", (double) second,
                    second));
        }
        line.stage("scoring");
        assertThat(lastDraw(err)).as("a new stage starts its own time again").isEqualTo("  6.0s  scoring");
    }

    @Test
    void theHeartbeatStartsWithTheFirstStageAndStopsWhenTheLineIsCleared() {
        StringWriter err = new StringWriter();
        AtomicLong now = new AtomicLong();
        FakeHeartbeat heartbeat = new FakeHeartbeat();
        ProgressLine line = new ProgressLine(new PrintWriter(err), true, new Style(false), 80, now::get, heartbeat);
        assertThat(heartbeat.running()).isFalse();

        line.stage("compiling katas/fencing-token");
        assertThat(heartbeat.running()).isTrue();
        line.stage("you › paused-holder");
        assertThat(heartbeat.started).as("one heartbeat per line, not one per stage").isEqualTo(1);
        line.clear();
        assertThat(heartbeat.running()).isFalse();
        int before = err.toString().length();
        now.addAndGet(TimeUnit.SECONDS.toNanos(3));
        line.redraw();
        assertThat(err.toString()).as("nothing is drawn over what the command prints next").hasSize(before);
    }

    @Test
    void aLongStageIsCutBeforeItsTimeSoTheTimeStaysInSight() {
        StringWriter err = new StringWriter();
        AtomicLong now = new AtomicLong();
        FakeHeartbeat heartbeat = new FakeHeartbeat();
        ProgressLine line = new ProgressLine(new PrintWriter(err), true, new Style(false), 40, now::get, heartbeat);

        line.stage("shrinking schedule 4711 · 23 steps · 5 runs · 17 proposals tried");
        now.addAndGet(TimeUnit.SECONDS.toNanos(12));
        heartbeat.beat();

        String shown = lastDraw(err);
        assertThat(shown.codePointCount(0, shown.length())).isEqualTo(39);
        assertThat(shown).endsWith("… · 12s");
    }

    @Test
    void aLineThatIsNotInteractiveDrawsNothingAndStartsNoHeartbeat() {
        StringWriter err = new StringWriter();
        FakeHeartbeat heartbeat = new FakeHeartbeat();
        new ProgressLine(new PrintWriter(err), false, new Style(false), 80, System::nanoTime, heartbeat)
                .stage("compiling");
        assertThat(err.toString()).isEmpty();
        assertThat(heartbeat.started).isZero();
    }

    private static String lastDraw(StringWriter err) {
        String all = err.toString();
        return all.substring(all.lastIndexOf("\r\u001b[K") + "\r\u001b[K".length());
    }

    /** The heartbeat a test beats by hand. */
    private static final class FakeHeartbeat implements ProgressLine.Heartbeat {
        final List<Runnable> redraws = new ArrayList<>();
        int started;
        int stopped;

        @Override
        public Runnable start(Runnable redraw) {
            started++;
            redraws.add(redraw);
            return () -> {
                stopped++;
                redraws.remove(redraw);
            };
        }

        boolean running() {
            return started > stopped;
        }

        void beat() {
            List.copyOf(redraws).forEach(Runnable::run);
        }
    }
}
