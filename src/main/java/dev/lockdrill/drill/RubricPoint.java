package dev.lockdrill.drill;

import java.util.List;

/**
 * One thing a good answer says, the words that show it was said (for typed-answer hints), its weight,
 * and the primary sources that back it: 1-based positions in the card's {@code sources} list.
 */
public record RubricPoint(String point, List<String> keywords, int weight, List<Integer> sources) {
    public RubricPoint {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        sources = sources == null ? List.of() : List.copyOf(sources);
    }
}
