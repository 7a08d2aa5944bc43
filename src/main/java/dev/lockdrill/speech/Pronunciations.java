package dev.lockdrill.speech;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The words the recognizer can hear: the spellings in the model's pronouncing dictionary. A word
 * missing from it can never appear in a transcript, so a keyword made of one is said another way
 * ({@link SpokenKeywords}).
 */
public final class Pronunciations {
    private final Set<String> words;
    private final TreeSet<String> sorted;

    Pronunciations(Set<String> words) {
        this.words = Set.copyOf(words);
        this.sorted = new TreeSet<>(words);
    }

    /** Reads a CMU-style dictionary: one {@code word[(n)] PH ON ES} per line. */
    public static Pronunciations read(Path dictionary) throws IOException {
        Set<String> words = new HashSet<>();
        try (BufferedReader in = Files.newBufferedReader(dictionary, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                int space = line.indexOf(' ');
                if (space <= 0) {
                    continue;
                }
                String word = line.substring(0, space);
                int alternate = word.indexOf('(');
                words.add(alternate > 0 ? word.substring(0, alternate) : word);
            }
        }
        return new Pronunciations(words);
    }

    public boolean has(String word) {
        return words.contains(word);
    }

    /** Whether some hearable word starts with {@code stem} ("increas" → "increase", "increasing"). */
    public boolean startsSome(String stem) {
        String next = sorted.ceiling(stem);
        return next != null && next.startsWith(stem);
    }
}
