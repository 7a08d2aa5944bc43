package dev.lockdrill.speech;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A rubric keyword as it sounds, in words the recognizer knows. Keywords are written for reading:
 * "33", "SKIP LOCKED", "pg_advisory_lock", stems such as "monoton". Said aloud they are
 * "thirty three", "skip locked", "p g advisory lock"; a stem stays a stem (it matches the start of
 * the last word heard). A word the dictionary lacks is split into words it has ("redlock" → "red
 * lock"), else spelled letter by letter; a keyword that still cannot be heard is left out, never
 * guessed.
 */
public final class SpokenKeywords {
    private static final String[] ONES = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen"};
    private static final String[] TENS = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy",
            "eighty", "ninety"};
    private final Pronunciations dictionary;

    public SpokenKeywords(Pronunciations dictionary) {
        this.dictionary = dictionary;
    }

    /** The keyword as a sequence of hearable words, the last of which may be a stem; empty if it cannot be heard. */
    public Optional<List<String>> spoken(String keyword) {
        List<String> tokens = new ArrayList<>();
        for (String raw : keyword.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}']+")) {
            if (raw.isEmpty()) {
                continue;
            }
            for (String part : raw.split("(?<=\\p{N})(?=\\p{L})|(?<=\\p{L})(?=\\p{N})")) {
                tokens.addAll(part.chars().allMatch(Character::isDigit) ? number(part) : List.of(part));
            }
        }
        List<String> heard = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            boolean last = i == tokens.size() - 1;
            if (dictionary.has(token) || (last && dictionary.startsSome(token))) {
                heard.add(token);
                continue;
            }
            Optional<List<String>> split = split(token);
            if (split.isEmpty()) {
                return Optional.empty();
            }
            heard.addAll(split.get());
        }
        return heard.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(heard));
    }

    /** The token as the fewest dictionary words that spell it, else letter by letter; empty if neither works. */
    Optional<List<String>> split(String token) {
        int n = token.length();
        @SuppressWarnings("unchecked")
        List<String>[] best = new List[n + 1];
        best[0] = List.of();
        for (int end = 1; end <= n; end++) {
            for (int start = 0; start < end; start++) {
                if (best[start] == null) {
                    continue;
                }
                String piece = token.substring(start, end);
                boolean word = piece.length() >= 2 && dictionary.has(piece);
                boolean letter = piece.length() == 1 && dictionary.has(piece);
                if (!word && !letter) {
                    continue;
                }
                List<String> candidate = new ArrayList<>(best[start]);
                candidate.add(piece);
                if (best[end] == null || candidate.size() < best[end].size()) {
                    best[end] = candidate;
                }
            }
        }
        return Optional.ofNullable(best[n]).map(List::copyOf);
    }

    /** A number as said: 33 → thirty three, 503 → five hundred three, 2000 → two thousand; digits beyond, one by one. */
    static List<String> number(String digits) {
        String trimmed = digits.replaceFirst("^0+(?=.)", "");
        if (trimmed.length() > 6) {
            return digits.chars().mapToObj(c -> ONES[c - '0']).toList();
        }
        int value = Integer.parseInt(trimmed);
        List<String> words = new ArrayList<>();
        if (value >= 1000) {
            words.addAll(belowThousand(value / 1000));
            words.add("thousand");
            value %= 1000;
            if (value == 0) {
                return words;
            }
        }
        words.addAll(belowThousand(value));
        return words;
    }

    private static List<String> belowThousand(int value) {
        List<String> words = new ArrayList<>();
        if (value >= 100) {
            words.add(ONES[value / 100]);
            words.add("hundred");
            value %= 100;
            if (value == 0) {
                return words;
            }
        }
        if (value < 20) {
            words.add(ONES[value]);
        } else {
            words.add(TENS[value / 10]);
            if (value % 10 != 0) {
                words.add(ONES[value % 10]);
            }
        }
        return words;
    }
}
