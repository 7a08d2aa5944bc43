package dev.lockdrill.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTimelineTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden/paused-holder-timeline.txt");

    @Test
    void pausedHolderTimelineMatchesTheGoldenFile() throws IOException {
        String actual = render(new Style(false));
        if (Boolean.getBoolean("lockdrill.updateGolden")) {
            Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void everyLineFitsOneHundredColumnsEvenInColour() {
        String coloured = render(new Style(true));
        assertThat(coloured).contains("\u001b[31m");
        assertThat(coloured.lines().map(l -> l.replaceAll("\u001b\\[[0-9;]*m", "")))
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
    }

    @Test
    void timelineShowsTheFirstScenarioThatAnInvariantFailedIn() {
        Timeline timeline = Timeline.firstFailing(SampleRuns.kleppmann(), SampleRuns.kleppmannVerdicts())
                .orElseThrow();
        assertThat(timeline.scenario()).isEqualTo("paused-holder");
        assertThat(timeline.lanes()).extracting(Timeline.Lane::worker)
                .containsExactly("worker-1", "worker-2", "worker-3", "worker-10");
    }

    @Test
    void checkReportOfAFailureEndsWithTheTimeline() {
        StringWriter text = new StringWriter();
        new TerminalReport(new Style(false)).render(SampleRuns.kleppmannResult(), new PrintWriter(text));
        assertThat(text.toString()).contains("✗ stale-write-rejected", "Timeline of paused-holder",
                "write token 33 → accepted  ◀ stale-write-rejected, final-value");
    }

    private static String render(Style style) {
        StringWriter text = new StringWriter();
        Timeline timeline = Timeline.firstFailing(SampleRuns.kleppmann(), SampleRuns.kleppmannVerdicts())
                .orElseThrow();
        new TerminalTimeline(style).render(timeline, new PrintWriter(text));
        return text.toString();
    }
}
