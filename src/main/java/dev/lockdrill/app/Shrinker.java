package dev.lockdrill.app;

import java.util.ArrayList;
import java.util.List;

/**
 * Delta debugging (Zeller's ddmin, complements only) over a failing schedule's steps: proposes the
 * schedule less one of n chunks, keeps the first proposal that still fails, and refines n until no
 * single step can go. Pure: the caller runs the proposals and says which still fail.
 */
final class Shrinker {
    private List<Integer> current;
    private int chunks = 2;

    Shrinker(List<Integer> steps) {
        this.current = List.copyOf(steps);
    }

    List<Integer> current() {
        return current;
    }

    /** The next proposals to try, or none when the schedule is as small as ddmin gets it. */
    List<List<Integer>> proposals() {
        if (current.size() < 2 || chunks > current.size()) {
            return List.of();
        }
        List<List<Integer>> proposals = new ArrayList<>();
        int size = current.size();
        for (int c = 0; c < chunks; c++) {
            int from = c * size / chunks;
            int to = (c + 1) * size / chunks;
            List<Integer> rest = new ArrayList<>(current.subList(0, from));
            rest.addAll(current.subList(to, size));
            if (!rest.isEmpty()) {
                proposals.add(rest);
            }
        }
        return proposals;
    }

    /** Says how the last proposals went: the first that still failed, or -1 when none did. */
    void outcome(List<List<Integer>> proposals, int firstStillFailing) {
        if (firstStillFailing >= 0) {
            current = List.copyOf(proposals.get(firstStillFailing));
            chunks = Math.max(chunks - 1, 2);
        } else if (chunks >= current.size()) {
            chunks = current.size() + 1;
        } else {
            chunks = Math.min(chunks * 2, current.size());
        }
    }
}
