package dev.lockdrill.history;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.function.Function;

/**
 * A reading of a history worked out once and shared by the invariants that judge it: each invariant
 * is handed the same {@link History} and asks for the same facts (a kata's grants with their renews,
 * its emits with their calls), and working them out per invariant made the verdict wait. Kept per
 * thread (the learner's run and the reference's are judged on two threads at once), for the last few
 * histories (a kata with lanes judges each invariant on every lane's history in turn), by identity
 * and weakly, so a finished check's history is not kept. What it holds must not change: every
 * invariant sees it.
 */
public final class PerHistory<T> {
    /** More than the lanes a kata runs in. */
    private static final int KEPT = 8;
    private final Function<History, T> reading;
    private final ThreadLocal<Deque<Entry<T>>> recent = ThreadLocal.withInitial(ArrayDeque::new);

    private record Entry<T>(WeakReference<History> history, T value) {
    }

    public PerHistory(Function<History, T> reading) {
        this.reading = reading;
    }

    public T of(History history) {
        Deque<Entry<T>> entries = recent.get();
        for (Iterator<Entry<T>> it = entries.iterator(); it.hasNext(); ) {
            Entry<T> entry = it.next();
            History seen = entry.history().get();
            if (seen == history) {
                return entry.value();
            }
            if (seen == null) {
                it.remove();
            }
        }
        T value = reading.apply(history);
        if (entries.size() >= KEPT) {
            entries.removeLast();
        }
        entries.addFirst(new Entry<>(new WeakReference<>(history), value));
        return value;
    }
}
