package dev.lockdrill.drill;

import dev.lockdrill.progress.WorkbookState;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a practice session that fits a time budget: due drills (each its time limit plus time
 * to grade) and unfinished katas. When a kata fits in the budget, time for one is set aside
 * before drills are chosen; what is left is filled with more drills. Never empty while anything
 * is due.
 */
public final class PracticePlanner {
    static final int GRADING_SECONDS = 90;
    static final int KATA_SECONDS = 15 * 60;

    /** A kata not passed yet. */
    public record OpenKata(String id, String title, String status) {
    }

    private PracticePlanner() {
    }

    public static List<PracticeItem> plan(List<DrillCard> cards, WorkbookState state, List<OpenKata> katas,
                                          Instant now, Duration budget) {
        List<PracticeItem> drills = DrillQueue.due(cards, state, now).stream()
                .map(c -> new PracticeItem(PracticeItem.Kind.DRILL, c.id(), c.title(),
                        c.timeLimitSeconds() + GRADING_SECONDS, why(state, c.id())))
                .toList();
        List<PracticeItem> kataItems = katas.stream()
                .map(k -> new PracticeItem(PracticeItem.Kind.KATA, k.id(), k.title(), KATA_SECONDS, k.status()))
                .toList();
        long total = budget.toSeconds();
        long reserved = kataItems.isEmpty() || KATA_SECONDS > total ? 0 : KATA_SECONDS;
        List<PracticeItem> chosen = new ArrayList<>();
        long used = fill(chosen, drills, total - reserved, 0);
        List<PracticeItem> plannedDrills = List.copyOf(chosen);
        used = fill(chosen, kataItems, total, used);
        fill(chosen, drills.stream().filter(d -> !plannedDrills.contains(d)).toList(), total, used);
        if (chosen.isEmpty()) {
            (drills.isEmpty() ? kataItems : drills).stream().findFirst().ifPresent(chosen::add);
        }
        List<PracticeItem> ordered = new ArrayList<>(chosen.stream()
                .filter(i -> i.kind() == PracticeItem.Kind.DRILL).toList());
        ordered.addAll(chosen.stream().filter(i -> i.kind() == PracticeItem.Kind.KATA).toList());
        return ordered;
    }

    private static long fill(List<PracticeItem> chosen, List<PracticeItem> candidates, long limit, long used) {
        long total = used;
        for (PracticeItem item : candidates) {
            if (total + item.seconds() <= limit) {
                chosen.add(item);
                total += item.seconds();
            }
        }
        return total;
    }

    private static String why(WorkbookState state, String id) {
        var progress = state.drill(id);
        if (progress.pulledForwardBy() != null) {
            return progress.pulledForwardBy();
        }
        return progress.reviews().isEmpty() ? "new" : "due";
    }
}
