package dev.lockdrill.drill;

import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.WorkbookState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What `progress` shows about drills: each card's history and due date, and the rubric points missed most. */
public final class DrillStats {
    /** One card: how often practised, the last rating and score, when it is due, why it was pulled forward. */
    public record CardRow(String id, String title, int reviews, Integer lastRating, Double lastScore, String lastAt,
                          String due, boolean dueNow, String state, String pulledForwardBy) {
    }

    /** A rubric point and how many practices missed it. */
    public record MissedPoint(String drill, String point, int times) {
    }

    private DrillStats() {
    }

    public static List<CardRow> rows(List<DrillCard> cards, WorkbookState state, Instant now) {
        List<CardRow> rows = new ArrayList<>();
        for (DrillCard card : cards) {
            DrillProgress p = state.drill(card.id());
            DrillReview last = p.reviews().isEmpty() ? null : p.reviews().get(p.reviews().size() - 1);
            rows.add(new CardRow(card.id(), card.title(), p.reviews().size(), last == null ? null : last.rating(),
                    last == null ? null : last.score(), last == null ? null : last.at(),
                    p.schedule().dueAt(now).toString(), p.schedule().isDue(now),
                    p.schedule().state().name().toLowerCase(Locale.ROOT), p.pulledForwardBy()));
        }
        return rows;
    }

    /** The rubric points missed most often across all practices, most missed first (at most {@code limit}). */
    public static List<MissedPoint> mostMissed(WorkbookState state, int limit) {
        Map<List<String>, Integer> counts = new LinkedHashMap<>();
        state.drills().forEach((id, p) -> p.reviews().forEach(r -> r.missed()
                .forEach(point -> counts.merge(List.of(id, point), 1, Integer::sum))));
        return counts.entrySet().stream()
                .map(e -> new MissedPoint(e.getKey().get(0), e.getKey().get(1), e.getValue()))
                .sorted(Comparator.comparingInt(MissedPoint::times).reversed()
                        .thenComparing(MissedPoint::drill).thenComparing(MissedPoint::point))
                .limit(limit).toList();
    }
}
