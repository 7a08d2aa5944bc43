package dev.lockdrill.drill;

import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.Fsrs;
import dev.lockdrill.progress.Rating;
import dev.lockdrill.progress.WorkbookState;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class PracticePlannerTest {
    private static final Instant NOW = Instant.parse("2026-03-02T09:00:00Z");
    private static final List<DrillCard> CARDS = IntStream.rangeClosed(1, 6).mapToObj(i -> card("d" + i)).toList();
    private static final List<PracticePlanner.OpenKata> KATAS =
            List.of(new PracticePlanner.OpenKata("k1", "K one", "attempted"));

    @Test
    void timeForAnOpenKataIsSetAsideWhenItFits() {
        List<PracticeItem> plan = PracticePlanner.plan(CARDS, WorkbookState.empty(), KATAS, NOW,
                Duration.ofMinutes(20));
        assertThat(plan).extracting(PracticeItem::id).containsExactly("d1", "k1");
        assertThat(plan.stream().mapToInt(PracticeItem::seconds).sum()).isLessThanOrEqualTo(20 * 60);
    }

    @Test
    void withoutOpenKatasDrillsFillTheWholeBudget() {
        List<PracticeItem> plan = PracticePlanner.plan(CARDS, WorkbookState.empty(), List.of(), NOW,
                Duration.ofMinutes(10));
        assertThat(plan).extracting(PracticeItem::id).containsExactly("d1", "d2", "d3");
    }

    @Test
    void aDrillPulledForwardByAFailedCheckComesFirstAndSaysWhy() {
        WorkbookState state = reviewedEasy(WorkbookState.empty(), "d5")
                .withDrillsDue(List.of("d5"), NOW, "the k1 check failed");
        List<PracticeItem> plan = PracticePlanner.plan(CARDS, state, List.of(), NOW, Duration.ofMinutes(4));
        assertThat(plan).extracting(PracticeItem::id, PracticeItem::why)
                .containsExactly(tuple("d5", "the k1 check failed"));
    }

    @Test
    void cardsNotDueAreLeftOut() {
        WorkbookState state = reviewedEasy(WorkbookState.empty(), "d1");
        assertThat(DrillQueue.due(CARDS, state, NOW)).extracting(DrillCard::id).doesNotContain("d1");
        assertThat(DrillQueue.due(CARDS, state, NOW.plus(Duration.ofDays(30)))).extracting(DrillCard::id)
                .startsWith("d1");
    }

    @Test
    void aBudgetTooSmallForAnythingStillOffersOneItem() {
        List<PracticeItem> plan = PracticePlanner.plan(CARDS, WorkbookState.empty(), KATAS, NOW,
                Duration.ofMinutes(1));
        assertThat(plan).extracting(PracticeItem::id).containsExactly("d1");
    }

    private static WorkbookState reviewedEasy(WorkbookState state, String id) {
        DrillProgress p = state.drill(id);
        return state.withDrill(id, p.after(Fsrs.standard().review(p.schedule(), Rating.EASY, NOW.minusSeconds(60)),
                new DrillReview(NOW.toString(), 4, 1.0, List.of(), false, 30, null)));
    }

    private static DrillCard card(String id) {
        return new DrillCard(id, "title " + id, "concept", "prompt", List.of(), 90,
                List.of(new RubricPoint("a", List.of("a"), 1, List.of(1)), new RubricPoint("b", List.of("b"), 1, List.of(1)),
                        new RubricPoint("c", List.of("c"), 1, List.of(1))), "answer", List.of("source"), List.of(), List.of());
    }
}
