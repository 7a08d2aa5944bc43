package dev.lockdrill.drill;

import java.util.List;
import java.util.Locale;

/**
 * For a typed answer, which of a rubric point's keywords or synonyms appear in it. A keyword
 * matches at the start of a word, case- and punctuation-insensitively ("fencing token" matches
 * "Fencing-tokens"). Only a hint: the learner still decides whether the point was made.
 */
public final class KeywordHints {
    private KeywordHints() {
    }

    /** The keywords of {@code point} found in {@code answer}, in the card's order. */
    public static List<String> found(RubricPoint point, String answer) {
        String text = " " + normalize(answer) + " ";
        return point.keywords().stream().filter(k -> !normalize(k).isEmpty())
                .filter(k -> text.contains(" " + normalize(k))).toList();
    }

    static String normalize(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
    }
}
