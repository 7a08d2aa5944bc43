package dev.lockdrill.support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A table laid out for a terminal width: each column as wide as its widest cell, except that one
 * column (the flexible one, usually a title or a description) shrinks when the row would not fit
 * (or, with {@link #fitAll}, the widest columns shrink in turn); a cell wider than its column wraps
 * inside it, the other cells left blank on its continuation lines. Cells may carry ANSI colour.
 */
public final class Columns {
    private final int[] widths;
    private final String indent;

    private Columns(int[] widths, String indent) {
        this.widths = widths;
        this.indent = indent;
    }

    /**
     * Widths for {@code rows} in {@code width} columns, the widest column shrinking first, none below
     * {@code min} nor below its longest word (a cell wraps between words, never inside one); see
     * {@link #fits} for whether that was enough.
     */
    public static Columns fitAll(List<List<String>> rows, int width, String indent, int min) {
        int[] widths = natural(rows);
        int[] floors = longestWords(rows, widths.length);
        int room = width - Text.visible(indent) - Math.max(0, widths.length - 1);
        while (Arrays.stream(widths).sum() > room) {
            int widest = -1;
            for (int i = 0; i < widths.length; i++) {
                boolean shrinkable = widths[i] > Math.max(min, floors[i]);
                widest = shrinkable && (widest < 0 || widths[i] > widths[widest]) ? i : widest;
            }
            if (widest < 0) {
                break;
            }
            widths[widest]--;
        }
        return new Columns(widths, indent);
    }

    /** Whether a row laid out in these columns fits in {@code width} (it may not when every column is at its floor). */
    public boolean fits(int width) {
        return Text.visible(indent) + Arrays.stream(widths).sum() + Math.max(0, widths.length - 1) <= width;
    }

    private static int[] longestWords(List<List<String>> rows, int columns) {
        int[] longest = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                for (String word : row.get(i).split(" +")) {
                    longest[i] = Math.max(longest[i], Text.visible(word));
                }
            }
        }
        return longest;
    }

    private static int[] natural(List<List<String>> rows) {
        int n = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] widths = new int[n];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], Text.visible(row.get(i)));
            }
        }
        return widths;
    }

    /**
     * Widths for {@code rows} (each a list of cells; a header row may be among them) in {@code width}
     * columns, after {@code indent}, with one space between columns; column {@code flex} shrinks,
     * to no less than {@code minFlex}.
     */
    public static Columns fit(List<List<String>> rows, int width, String indent, int flex, int minFlex) {
        int[] widths = natural(rows);
        int n = widths.length;
        int total = Text.visible(indent) + Arrays.stream(widths).sum() + Math.max(0, n - 1);
        if (flex >= 0 && flex < n && total > width) {
            widths[flex] = Math.max(minFlex, widths[flex] - (total - width));
        }
        return new Columns(widths, indent);
    }

    public int width(int column) {
        return widths[column];
    }

    /** One row as one or more lines: a cell wider than its column wrapped in it, the last cell not padded. */
    public List<String> render(List<String> cells) {
        List<List<String>> wrapped = new ArrayList<>();
        int height = 1;
        for (int i = 0; i < cells.size(); i++) {
            List<String> lines = i < widths.length && Text.visible(cells.get(i)) > widths[i]
                    ? Text.wrap(cells.get(i), widths[i], "") : List.of(cells.get(i));
            wrapped.add(lines);
            height = Math.max(height, lines.size());
        }
        List<String> lines = new ArrayList<>();
        for (int line = 0; line < height; line++) {
            StringBuilder out = new StringBuilder(indent);
            for (int i = 0; i < cells.size(); i++) {
                String cell = line < wrapped.get(i).size() ? wrapped.get(i).get(line) : "";
                if (i > 0) {
                    out.append(' ');
                }
                out.append(i == cells.size() - 1 ? cell : Text.pad(cell, widths[i]));
            }
            lines.add(out.toString().stripTrailing());
        }
        return lines;
    }
}
