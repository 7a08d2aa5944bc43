package dev.lockdrill.speech;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What the recognizer heard in a recorded answer: its words in order, each with when it was said
 * and how sure the recognizer was (its posterior, 0..1).
 */
public record Transcript(List<Word> words) {
    public Transcript {
        words = words == null ? List.of() : List.copyOf(words);
    }

    /** One recognized word: the dictionary spelling, its start and end in seconds, and the posterior. */
    public record Word(String text, double start, double end, double confidence) {
    }

    /** The words as one line of text, as the recognizer heard them. */
    public String text() {
        return words.stream().map(Word::text).collect(Collectors.joining(" "));
    }
}
