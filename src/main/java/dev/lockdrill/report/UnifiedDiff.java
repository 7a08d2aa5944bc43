package dev.lockdrill.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line diff in unified format (as `diff -u`: hunks with three lines of context), from the longest
 * common subsequence of the two files. Kata files are a few hundred lines, so the quadratic table is
 * small; larger inputs are reported as replaced whole rather than diffed.
 */
public final class UnifiedDiff {
    static final int CONTEXT = 3;
    static final int MAX_LINES = 4_000;

    private UnifiedDiff() {
    }

    /** The diff lines ("--- a", "+++ b", "@@ … @@", " same", "-old", "+new"); empty when the files are equal. */
    public static List<String> diff(String fromLabel, List<String> from, String toLabel, List<String> to) {
        if (from.equals(to)) {
            return List.of();
        }
        List<Edit> edits = from.size() > MAX_LINES || to.size() > MAX_LINES ? replaceAll(from, to) : edits(from, to);
        List<String> out = new ArrayList<>(List.of("--- " + fromLabel, "+++ " + toLabel));
        int i = 0;
        while (i < edits.size()) {
            if (edits.get(i).kind() == ' ') {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            int lastChange = i;
            for (int k = i + 1; k < edits.size() && k - lastChange <= 2 * CONTEXT + 1; k++) {
                if (edits.get(k).kind() != ' ') {
                    lastChange = k;
                }
            }
            int end = Math.min(edits.size(), lastChange + CONTEXT + 1);
            out.add(header(edits, start, end));
            for (int k = start; k < end; k++) {
                out.add(edits.get(k).kind() + edits.get(k).line());
            }
            i = end;
        }
        return out;
    }

    private record Edit(char kind, String line, int fromLine, int toLine) {
    }

    private static String header(List<Edit> edits, int start, int end) {
        int fromCount = 0;
        int toCount = 0;
        for (int k = start; k < end; k++) {
            fromCount += edits.get(k).kind() == '+' ? 0 : 1;
            toCount += edits.get(k).kind() == '-' ? 0 : 1;
        }
        Edit first = edits.get(start);
        int fromStart = fromCount == 0 ? first.fromLine() - 1 : first.fromLine();
        int toStart = toCount == 0 ? first.toLine() - 1 : first.toLine();
        return String.format(Locale.ROOT, "@@ -%s +%s @@", range(fromStart, fromCount), range(toStart, toCount));
    }

    private static String range(int start, int count) {
        return count == 1 ? String.valueOf(start) : start + "," + count;
    }

    private static List<Edit> edits(List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Edit> edits = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                edits.add(new Edit(' ', a.get(i), i + 1, j + 1));
                i++;
                j++;
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                edits.add(new Edit('-', a.get(i), i + 1, j + 1));
                i++;
            } else {
                edits.add(new Edit('+', b.get(j), i + 1, j + 1));
                j++;
            }
        }
        return edits;
    }

    private static List<Edit> replaceAll(List<String> a, List<String> b) {
        List<Edit> edits = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            edits.add(new Edit('-', a.get(i), i + 1, 1));
        }
        for (int j = 0; j < b.size(); j++) {
            edits.add(new Edit('+', b.get(j), a.size() + 1, j + 1));
        }
        return edits;
    }
}
