package dev.lockdrill.progress;

import java.util.Optional;

/** How well the learner recalled a drill, on the keys 1–4 (Anki's and FSRS's Again/Hard/Good/Easy). */
public enum Rating {
    AGAIN(1, "Again"), HARD(2, "Hard"), GOOD(3, "Good"), EASY(4, "Easy");

    private final int grade;
    private final String label;

    Rating(int grade, String label) {
        this.grade = grade;
        this.label = label;
    }

    public int grade() {
        return grade;
    }

    public String label() {
        return label;
    }

    /** The rating for a key the learner pressed ("1".."4", or the label's first letter). */
    public static Optional<Rating> fromKey(String key) {
        String k = key == null ? "" : key.trim();
        for (Rating r : values()) {
            if (k.equals(String.valueOf(r.grade)) || k.equalsIgnoreCase(r.label)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
