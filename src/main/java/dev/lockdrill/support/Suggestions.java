package dev.lockdrill.support;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean ...?" for a mistyped name: the closest known one, if it is close enough to be a typo. */
public final class Suggestions {
    private Suggestions() {
    }

    public static Optional<String> closest(String typed, Collection<String> known) {
        if (typed == null || typed.isBlank()) {
            return Optional.empty();
        }
        return known.stream()
                .filter(k -> distance(typed, k) <= Math.max(2, k.length() / 3) || k.startsWith(typed)
                        || k.contains(typed) && typed.length() >= 4)
                .min(Comparator.comparingInt(k -> distance(typed, k)));
    }

    /** " Did you mean 'fencing-token'?" or "". */
    public static String didYouMean(String typed, Collection<String> known) {
        return closest(typed, known).map(k -> " Did you mean '" + k + "'?").orElse("");
    }

    /** Levenshtein distance, case-insensitive. */
    static int distance(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int cost = x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }
}
