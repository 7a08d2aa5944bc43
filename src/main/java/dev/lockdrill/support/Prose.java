package dev.lockdrill.support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Re-wraps Markdown prose (a brief, a hint, a model answer) for a terminal width: paragraphs and
 * list items are joined and wrapped at word boundaries, a list item's lines hang under its text;
 * a table too wide is laid out in columns whose cells wrap; headings, code (fenced or indented)
 * and quotes are left as written.
 */
public final class Prose {
    private static final Pattern ITEM = Pattern.compile("^(\\s*)([-*+]|\\d+[.)])\\s+");

    private Prose() {
    }

    public static String reflow(String markdown, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder paragraph = null;
        String first = "";
        String hanging = "";
        boolean fenced = false;
        List<String> table = new ArrayList<>();
        for (String line : markdown.split("\n", -1)) {
            String trimmed = line.strip();
            if (!fenced && trimmed.startsWith("|")) {
                if (paragraph != null) {
                    out.addAll(Text.wrap(paragraph.toString(), width, first, hanging));
                    paragraph = null;
                }
                table.add(trimmed);
                continue;
            }
            if (!table.isEmpty()) {
                out.addAll(table(table, width));
                table.clear();
            }
            boolean verbatim = fenced || trimmed.startsWith("```") || trimmed.startsWith("|")
                    || trimmed.startsWith("#") || trimmed.startsWith(">") || line.startsWith("    ") && paragraph == null
                    || line.startsWith("\t");
            if (trimmed.startsWith("```")) {
                fenced = !fenced;
            }
            Matcher item = ITEM.matcher(line);
            boolean starts = !verbatim && item.find();
            if (paragraph != null && (verbatim || trimmed.isEmpty() || starts)) {
                out.addAll(Text.wrap(paragraph.toString(), width, first, hanging));
                paragraph = null;
            }
            if (verbatim || trimmed.isEmpty()) {
                out.add(line);
                continue;
            }
            if (paragraph == null) {
                if (starts) {
                    first = item.group();
                    hanging = " ".repeat(item.group().length());
                    paragraph = new StringBuilder(line.substring(item.end()).strip());
                } else {
                    first = line.substring(0, line.length() - line.stripLeading().length());
                    hanging = first;
                    paragraph = new StringBuilder(trimmed);
                }
            } else {
                paragraph.append(' ').append(trimmed);
            }
        }
        if (paragraph != null) {
            out.addAll(Text.wrap(paragraph.toString(), width, first, hanging));
        }
        out.addAll(table(table, width));
        return String.join("\n", out);
    }

    /**
     * A Markdown table as written when it fits, else in columns whose cells wrap between words, a
     * blank line between rows (the |---| row dropped); when even that would cut a word, each row is
     * folded into lines of "header: cell".
     */
    private static List<String> table(List<String> lines, int width) {
        if (lines.stream().allMatch(l -> Text.visible(l) <= width)) {
            return lines;
        }
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines) {
            String inner = line.substring(1, line.endsWith("|") && line.length() > 1 ? line.length() - 1
                    : line.length());
            List<String> cells = Arrays.stream(inner.split("(?<!\\\\)\\|", -1)).map(String::strip)
                    .toList();
            if (cells.stream().allMatch(c -> c.matches(":?-+:?"))) {
                continue;
            }
            rows.add(cells);
        }
        Columns columns = Columns.fitAll(rows, width, "", 8);
        if (!columns.fits(width)) {
            return records(rows, width);
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            out.addAll(columns.render(rows.get(i)));
            if (i < rows.size() - 1) {
                out.add("");
            }
        }
        return out;
    }

    /** Each row after the header as its own block, one "header: cell" per column, a blank line between blocks. */
    private static List<String> records(List<List<String>> rows, int width) {
        List<String> header = rows.get(0);
        List<String> out = new ArrayList<>();
        for (int r = 1; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            for (int i = 0; i < row.size(); i++) {
                String label = i < header.size() && !header.get(i).isEmpty() ? header.get(i) + ": " : "";
                out.addAll(Text.wrap(label + row.get(i), width, i == 0 ? "" : "  ", i == 0 ? "  " : "    "));
            }
            if (r < rows.size() - 1) {
                out.add("");
            }
        }
        return out;
    }
}
