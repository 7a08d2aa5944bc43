package dev.lockdrill.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTimelineTest {
    static final Path GOLDEN = Path.of("src/test/resources/golden");

    @ParameterizedTest
    @ValueSource(ints = {80, 120})
    void pausedHolderTimelineMatchesTheGoldenFile(int width) throws IOException {
        String actual = render(new Style(false), width);
        Path golden = GOLDEN.resolve("paused-holder-timeline-" + width + ".txt");
        if (Boolean.getBoolean("lockdrill.updateGolden")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void everyLineFitsTheWidthEvenInColour(int width) {
        String coloured = render(new Style(true), width);
        assertThat(coloured).contains("\u001b[31m");
        assertThat(coloured.lines().map(l -> l.replaceAll("\u001b\\[[0-9;]*m", "")))
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(width));
    }

    @Test
    void timesAreSinceTheRunBeganAsInTheEvidence() {
        String text = render(new Style(false), 80);
        assertThat(text).contains("10.0 ms to 380.0 ms into the run", "  330.0 ms  worker-1    write token 33");
    }

    @Test
    void onlyTheViolatingWriteIsHeavyNotTheNewerWriteTheStoryNames() {
        Timeline timeline = Timeline.teaching(SampleRuns.kleppmann(), SampleRuns.kleppmannVerdicts(), null)
                .orElseThrow();
        assertThat(timeline.ops()).filteredOn(timeline::violates).extracting(op -> op.args().get("token"))
                .containsOnly(33L);
    }

    @Test
    void withoutAnOperationNamedTheSwimlaneIsTheKatasLessonScenario() {
        var verdicts = SampleRuns.kleppmannVerdicts().stream().map(r -> r.passed() ? r
                : new dev.lockdrill.check.InvariantResult(r.name(), r.description(), r.verdict(),
                java.util.List.of(dev.lockdrill.check.Evidence.of("no operation named")))).toList();
        assertThat(Timeline.teaching(SampleRuns.kleppmann(), verdicts, "paused-holder")).get()
                .extracting(Timeline::scenario).isEqualTo("paused-holder");
        assertThat(Timeline.teaching(SampleRuns.kleppmann(), verdicts, null)).isEmpty();
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
                "write token 33 → accepted  ◀ stale-write-rejected");
    }

    private static String render(Style style, int width) {
        StringWriter text = new StringWriter();
        Timeline timeline = Timeline.teaching(SampleRuns.kleppmann(), SampleRuns.kleppmannVerdicts(), null)
                .orElseThrow();
        new TerminalTimeline(style, width).render(timeline, new PrintWriter(text));
        return text.toString();
    }
}
