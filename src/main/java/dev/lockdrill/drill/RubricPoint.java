package dev.lockdrill.drill;

import java.util.List;

/** One thing a good answer says, the words that show it was said (for typed-answer hints), and its weight. */
public record RubricPoint(String point, List<String> keywords, int weight) {
    public RubricPoint {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }
}
