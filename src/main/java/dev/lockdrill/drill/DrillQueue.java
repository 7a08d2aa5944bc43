package dev.lockdrill.drill;

import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.WorkbookState;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which drill cards are due, in the order to practise them: those a failed kata check pulled
 * forward, then reviewed cards by how overdue they are, then cards never practised (by id).
 */
public final class DrillQueue {
    private DrillQueue() {
    }

    public static List<DrillCard> due(List<DrillCard> cards, WorkbookState state, Instant now) {
        Comparator<DrillCard> order = Comparator
                .comparing((DrillCard c) -> state.drill(c.id()).pulledForwardBy() == null)
                .thenComparing(c -> state.drill(c.id()).reviews().isEmpty())
                .thenComparing(c -> state.drill(c.id()).schedule().dueAt(now))
                .thenComparing(DrillCard::id);
        return cards.stream().filter(c -> state.drill(c.id()).schedule().isDue(now)).sorted(order).toList();
    }

    /** When the next card falls due, if none is due now. */
    public static Optional<Instant> nextDue(List<DrillCard> cards, WorkbookState state, Instant now) {
        return cards.stream().map(c -> state.drill(c.id())).map(DrillProgress::schedule)
                .map(s -> s.dueAt(now)).min(Comparator.naturalOrder());
    }
}
