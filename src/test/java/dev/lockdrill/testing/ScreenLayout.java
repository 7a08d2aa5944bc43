package dev.lockdrill.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every screen must be at a width: no line wider (colour codes take no column), and no word
 * broken that the same screen laid out too wide to wrap has whole — neither across a line break
 * ("co" at the end of a line, "mmit" starting the next) nor inside a table cell that wrapped (a
 * piece of a word standing on its own). Drawings (a timeline's lanes, in box and block characters)
 * scale with the width and are not words.
 */
public final class ScreenLayout {
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");

    private ScreenLayout() {
    }

    public static void assertLaidOut(String screen, int width, String narrow, String wide) {
        String plain = plain(narrow);
        assertThat(plain.lines()).as(screen + " at " + width + " columns").isNotEmpty()
                .allSatisfy(line -> assertThat(line.codePointCount(0, line.length())).as(screen + ": " + line)
                        .isLessThanOrEqualTo(width));
        assertThat(brokenWords(plain, plain(wide))).as(screen + " at " + width + " columns: words broken").isEmpty();
    }

    /** The words {@code narrow} breaks that {@code wide} has whole, as "piece|piece" or "piece (of word)". */
    public static List<String> brokenWords(String narrow, String wide) {
        Set<String> whole = tokens(wide);
        List<String> broken = new ArrayList<>();
        List<String> lines = narrow.lines().toList();
        for (int i = 0; i + 1 < lines.size(); i++) {
            List<String> end = tokenList(lines.get(i));
            List<String> start = tokenList(lines.get(i + 1));
            if (end.isEmpty() || start.isEmpty()) {
                continue;
            }
            String a = end.get(end.size() - 1);
            String b = start.get(0);
            if (whole.contains(a + b) && !(whole.contains(a) && whole.contains(b))) {
                broken.add(a + "|" + b);
            }
        }
        for (String token : tokens(narrow)) {
            if (whole.contains(token) || token.codePoints().noneMatch(Character::isLetterOrDigit) || drawn(token)) {
                continue;
            }
            whole.stream().filter(w -> w.length() > token.length() && (w.startsWith(token) || w.endsWith(token)))
                    .findFirst().ifPresent(w -> broken.add(token + " (of " + w + ")"));
        }
        return broken;
    }

    private static boolean drawn(String token) {
        return token.codePoints().anyMatch(c -> c >= 0x2500 && c <= 0x259F);
    }

    private static String plain(String text) {
        return ANSI.matcher(text).replaceAll("");
    }

    private static Set<String> tokens(String text) {
        return Arrays.stream(text.split("\\s+")).filter(t -> !t.isEmpty()).collect(Collectors.toSet());
    }

    private static List<String> tokenList(String line) {
        return Arrays.stream(line.strip().split("\\s+")).filter(t -> !t.isEmpty()).toList();
    }
}
