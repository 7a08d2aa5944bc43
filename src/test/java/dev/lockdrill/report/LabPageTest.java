package dev.lockdrill.report;

import dev.lockdrill.history.History;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The lab's HTML table fits the window: its cells wrap between words, and only a box narrower than them scrolls. */
class LabPageTest {
    @Test
    void theLabTablesCellsWrapAndItsBoxScrollsRatherThanWideningThePage() {
        String page = HtmlTimeline.renderLab("lab db-vs-redlock · seed 1", List.of(
                List.of("lock service, fence", "paused", "before token"),
                List.of("redlock, seq after grant", "2, refused", "2, ACCEPTED")), List.of("summary"),
                new History(1, List.of(), List.of(), List.of()));

        assertThat(page).contains("<div class=\"lab-table\"><table class=\"lab\">",
                ".lab-table{overflow-x:auto;max-width:100%}", "white-space:normal")
                .doesNotContain("nowrap").contains("<td>redlock, seq after grant</td>");
    }
}
