package dev.lockdrill.report;

import java.util.Arrays;

/** One row of a terminal timeline: a fixed number of cells, each a character and what it shows. */
final class TrackRow {
    /** What a cell shows, which decides its colour. */
    enum Kind { BLANK, PLAIN, ACCEPTED, REJECTED, UNKNOWN, VIOLATION, FAULT }

    private final String[] cells;
    private final Kind[] kinds;

    TrackRow(int width) {
        cells = new String[width];
        kinds = new Kind[width];
        Arrays.fill(cells, " ");
        Arrays.fill(kinds, Kind.BLANK);
    }

    void put(int column, String glyph, Kind kind) {
        if (column >= 0 && column < cells.length) {
            cells[column] = glyph;
            kinds[column] = kind;
        }
    }

    void text(int column, String text, Kind kind) {
        for (int i = 0; i < text.length(); i++) {
            put(column + i, String.valueOf(text.charAt(i)), kind);
        }
    }

    boolean blank(int column, int length) {
        for (int c = column; c < column + length && c < cells.length; c++) {
            if (c >= 0 && kinds[c] != Kind.BLANK) {
                return false;
            }
        }
        return true;
    }

    /** The row with trailing blanks trimmed, each run of cells of one kind coloured together. */
    String render(Style style) {
        int end = cells.length;
        while (end > 0 && kinds[end - 1] == Kind.BLANK) {
            end--;
        }
        StringBuilder out = new StringBuilder();
        int start = 0;
        while (start < end) {
            int stop = start;
            StringBuilder run = new StringBuilder();
            while (stop < end && kinds[stop] == kinds[start]) {
                run.append(cells[stop]);
                stop++;
            }
            out.append(paint(style, kinds[start], run.toString()));
            start = stop;
        }
        return out.toString();
    }

    private static String paint(Style style, Kind kind, String text) {
        return switch (kind) {
            case ACCEPTED -> style.green(text);
            case REJECTED -> style.cyan(text);
            case UNKNOWN, FAULT -> style.yellow(text);
            case VIOLATION -> style.red(style.bold(text));
            case BLANK, PLAIN -> text;
        };
    }
}
