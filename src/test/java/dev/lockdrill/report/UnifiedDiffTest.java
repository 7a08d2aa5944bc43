package dev.lockdrill.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class UnifiedDiffTest {
    static final Pattern HUNK = Pattern.compile("@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    @Test
    void equalFilesHaveNoDiff() {
        assertThat(UnifiedDiff.diff("a", List.of("x", "y"), "b", List.of("x", "y"))).isEmpty();
    }

    @Test
    void oneChangedLineShowsAsAHunkWithThreeLinesOfContext() {
        List<String> from = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9");
        List<String> to = List.of("1", "2", "3", "4", "five", "6", "7", "8", "9");
        assertThat(UnifiedDiff.diff("yours", from, "reference", to)).containsExactly(
                "--- yours", "+++ reference", "@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8");
    }

    @Test
    void distantChangesGetTheirOwnHunksAndAnInsertionIntoAnEmptyFileStartsAtZero() {
        List<String> from = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            from.add(String.valueOf(i));
        }
        List<String> to = new ArrayList<>(from);
        to.set(1, "two");
        to.set(18, "nineteen");
        assertThat(UnifiedDiff.diff("a", from, "b", to)).filteredOn(l -> l.startsWith("@@"))
                .containsExactly("@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@");
        assertThat(UnifiedDiff.diff("/dev/null", List.of(), "b", List.of("x", "y")))
                .containsExactly("--- /dev/null", "+++ b", "@@ -0,0 +1,2 @@", "+x", "+y");
    }

    @Test
    void applyingTheDiffToTheFirstFileGivesTheSecondForRandomEdits() {
        Random random = new Random(20260101);
        for (int round = 0; round < 300; round++) {
            List<String> from = randomLines(random);
            List<String> to = mutate(random, from);
            assertThat(apply(from, UnifiedDiff.diff("a", from, "b", to))).as("round " + round).isEqualTo(to);
        }
    }

    private static List<String> randomLines(Random random) {
        List<String> lines = new ArrayList<>();
        int n = random.nextInt(30);
        for (int i = 0; i < n; i++) {
            lines.add("line " + random.nextInt(8));
        }
        return lines;
    }

    private static List<String> mutate(Random random, List<String> from) {
        List<String> to = new ArrayList<>(from);
        for (int edits = random.nextInt(6); edits > 0; edits--) {
            int at = to.isEmpty() ? 0 : random.nextInt(to.size());
            switch (random.nextInt(3)) {
                case 0 -> to.add(at, "new " + random.nextInt(5));
                case 1 -> {
                    if (!to.isEmpty()) {
                        to.remove(at);
                    }
                }
                default -> {
                    if (!to.isEmpty()) {
                        to.set(at, "changed " + random.nextInt(5));
                    }
                }
            }
        }
        return to;
    }

    /** A minimal patch: checks every context and removed line against the original while applying. */
    private static List<String> apply(List<String> from, List<String> diff) {
        List<String> out = new ArrayList<>();
        int next = 0;
        for (String line : diff.subList(Math.min(2, diff.size()), diff.size())) {
            Matcher hunk = HUNK.matcher(line);
            if (hunk.matches()) {
                int start = Integer.parseInt(hunk.group(1));
                int count = hunk.group(2) == null ? 1 : Integer.parseInt(hunk.group(2));
                int begin = count == 0 ? start : start - 1;
                out.addAll(from.subList(next, begin));
                next = begin;
            } else if (line.startsWith("+")) {
                out.add(line.substring(1));
            } else {
                assertThat(from.get(next)).isEqualTo(line.substring(1));
                if (line.startsWith(" ")) {
                    out.add(from.get(next));
                }
                next++;
            }
        }
        out.addAll(from.subList(next, from.size()));
        return out;
    }
}
