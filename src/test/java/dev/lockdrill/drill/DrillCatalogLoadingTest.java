package dev.lockdrill.drill;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One bad card file is named and skipped; the others still load. */
class DrillCatalogLoadingTest {
    @Test
    void badCardsAreNamedAndSkipped(@TempDir Path dir) throws Exception {
        Files.copy(Path.of("drills/lease.yaml"), dir.resolve("lease.yaml"));
        Files.writeString(dir.resolve("no-prompt.yaml"), "id: no-prompt\ntitle: T\nrubric:\n  - point: p\n");
        Files.writeString(dir.resolve("no-rubric.yaml"), "id: no-rubric\ntitle: T\nprompt: Why?\n");
        Files.writeString(dir.resolve("broken.yaml"), "id: [broken\n");
        List<String> notices = new ArrayList<>();

        List<DrillCard> cards = new DrillCatalog(dir, notices::add).cards();

        assertThat(cards).extracting(DrillCard::id).containsExactly("lease");
        assertThat(notices).hasSize(3)
                .anyMatch(n -> n.contains("no-prompt.yaml") && n.endsWith("it has no prompt."))
                .anyMatch(n -> n.contains("no-rubric.yaml") && n.endsWith("it has no rubric."))
                .anyMatch(n -> n.contains("broken.yaml") && n.contains("not a valid drill card"));
    }

    @Test
    void twoCardsWithOneIdAreNamedAndTheOneNamedAfterItKept(@TempDir Path dir) throws Exception {
        Files.copy(Path.of("drills/lease.yaml"), dir.resolve("lease.yaml"));
        Files.copy(Path.of("drills/lease.yaml"), dir.resolve("another.yaml"));
        Files.writeString(dir.resolve("another.yaml"), Files.readString(dir.resolve("another.yaml"))
                .replace("title:", "title: COPY"));
        List<String> notices = new ArrayList<>();

        List<DrillCard> cards = new DrillCatalog(dir, notices::add).cards();

        assertThat(cards).singleElement().satisfies(c -> assertThat(c.title()).doesNotContain("COPY"));
        assertThat(notices).singleElement().asString()
                .isEqualTo("Skipped drill another.yaml: its id 'lease' is also the id of lease.yaml; give each card "
                        + "an id of its own.");
    }
}
