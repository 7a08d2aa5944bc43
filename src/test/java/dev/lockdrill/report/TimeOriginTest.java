package dev.lockdrill.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Evidence, timelines and --json count time from one origin: the start of the run. */
class TimeOriginTest {
    @Test
    @SuppressWarnings("unchecked")
    void jsonFaultsCarryTheirTimesSinceTheRunBegan() {
        Map<String, Object> json = JsonReport.toMap(SampleRuns.kleppmannResult());
        List<Map<String, Object>> faults = (List<Map<String, Object>>) json.get("faults");
        assertThat(faults.get(0)).containsEntry("name", "pause").containsEntry("startMs", 30.0)
                .containsEntry("endMs", 320.0);
        assertThat(json.get("timeOrigin").toString()).contains("since the run began");
    }

    @Test
    void theHtmlTimelineHasALegendAndItsAxisStartsWhereTheScenarioDid() {
        String html = HtmlTimeline.render(SampleRuns.kleppmannResult());
        assertThat(html).contains("class=\"legend\"", "violation (named by a failing invariant)", "fault injected",
                "10.0 ms into the run", "worker-1 · write token 33 → accepted · 330.0 ms");
    }
}
