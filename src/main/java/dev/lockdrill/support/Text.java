package dev.lockdrill.support;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plain-text layout for a terminal of a given width: the visible length of a styled string,
 * word wrapping with a hanging indent (a word longer than the line is the only thing ever cut),
 * clipping with an ellipsis, long ids shortened, and plurals.
 */
public final class Text {
    /** The width used when the terminal's is not known. */
    public static final int DEFAULT_WIDTH = 80;
    /** Narrower terminals are laid out as if they were this wide. */
    public static final int MIN_WIDTH = 40;
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");
    private static final Pattern UUID = Pattern.compile(
            "\\b([0-9a-fA-F]{8})-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");

    private Text() {
    }

    /** Columns a string takes on screen: ANSI colour codes take none. */
    public static int visible(String s) {
        String plain = s.indexOf('\u001b') < 0 ? s : ANSI.matcher(s).replaceAll("");
        return plain.codePointCount(0, plain.length());
    }

    /** A terminal width from a setting such as {@code COLUMNS}: the default when absent or not a number. */
    public static int width(String columns) {
        if (columns == null || columns.isBlank()) {
            return DEFAULT_WIDTH;
        }
        try {
            int n = Integer.parseInt(columns.trim());
            return n <= 0 ? DEFAULT_WIDTH : Math.max(MIN_WIDTH, n);
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    /**
     * The text as lines of at most {@code width} columns: the first starts with {@code first}, the
     * rest with {@code hanging}. Breaks at spaces; a word too long for an indented line (a path, a
     * URL) gets a line of its own without the indent, and only a word longer than a whole line is cut.
     * Line breaks in the text start new lines (with the hanging indent).
     */
    public static List<String> wrap(String text, int width, String first, String hanging) {
        List<String> lines = new ArrayList<>();
        String indent = first;
        for (String paragraph : text.split("\n", -1)) {
            wrapParagraph(paragraph, width, indent, hanging, lines);
            indent = hanging;
        }
        return lines;
    }

    /** {@link #wrap} with the same indent on every line. */
    public static List<String> wrap(String text, int width, String indent) {
        return wrap(text, width, indent, indent);
    }

    private static void wrapParagraph(String text, int width, String first, String hanging, List<String> lines) {
        StringBuilder line = new StringBuilder(first);
        int used = visible(first);
        boolean empty = true;
        int before = lines.size();
        for (String word : words(text)) {
            int length = visible(word);
            if (!empty && used + 1 + length > width) {
                lines.add(line.toString());
                line = new StringBuilder(hanging);
                used = visible(hanging);
                empty = true;
            }
            if (empty && used + length > width && length <= width && length == word.length()) {
                // a long path or URL that fits a whole line stays in one piece, for copying
                if (!line.toString().isBlank()) {
                    lines.add(line.toString().stripTrailing());
                }
                lines.add(word);
                line = new StringBuilder(hanging);
                used = visible(hanging);
                continue;
            }
            while (empty && used + length > width && width - used >= 8 && length == word.length()) {
                int room = width - used;
                lines.add(line + word.substring(0, room));
                word = word.substring(room);
                length = word.length();
                line = new StringBuilder(hanging);
                used = visible(hanging);
            }
            if (!empty) {
                line.append(' ');
                used++;
            }
            line.append(word);
            used += length;
            empty = false;
        }
        if (!empty || lines.size() == before) {
            lines.add(line.toString().stripTrailing());
        }
    }

    /**
     * A line of code folded to {@code width} columns with its spacing kept: it breaks after the
     * last space that leaves something on the line (else at the width), each continuation starting
     * with {@code continuation}. For unstyled text.
     */
    public static List<String> fold(String line, int width, String continuation) {
        List<String> lines = new ArrayList<>();
        String rest = line;
        String prefix = "";
        while (prefix.length() + rest.length() > width) {
            int room = width - prefix.length();
            int indent = rest.length() - rest.stripLeading().length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= indent) {
                cut = room;
            }
            lines.add(prefix + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            prefix = continuation;
        }
        lines.add(prefix + rest);
        return lines;
    }

    /** The words of a line; a quoted command keeps its program name with it ("`lockdrill check"). */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (String word : text.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            int last = words.size() - 1;
            if (last >= 0 && (words.get(last).endsWith("`lockdrill") || words.get(last).endsWith("`./lockdrill"))) {
                words.set(last, words.get(last) + " " + word);
            } else {
                words.add(word);
            }
        }
        return words;
    }

    /** The text cut to {@code width} columns, ending in "…" when cut (for unstyled text). */
    public static String fit(String text, int width) {
        if (text.length() <= width) {
            return text;
        }
        return width <= 1 ? "…".substring(0, Math.max(0, width)) : text.substring(0, width - 1) + "…";
    }

    /**
     * Text we did not write (a learner's exception message, a typed argument) cut to {@code max}
     * characters before anything else reads it, saying how long it was: "kkk… (200000 characters)".
     */
    public static String capped(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int cut = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, cut) + "… (" + text.length() + " characters)";
    }

    /** The longest a typed word is echoed back: enough to recognise it, not a screenful. */
    public static final int MAX_ECHO = 120;

    /**
     * Something the user typed (an id, a path, an argument), made safe to echo: control characters
     * and invisible formatting shown escaped ({@code \n}, {@code \e}, {@code \x07}, {@code \u202E}),
     * so a typed escape sequence cannot clear the screen or fake a line, and cut to {@link #MAX_ECHO}.
     */
    public static String literal(String typed) {
        if (typed == null) {
            return null;
        }
        String shown = escaped(typed.length() > MAX_ECHO ? typed.substring(0, MAX_ECHO) : typed, false);
        if (typed.length() <= MAX_ECHO && shown.length() <= MAX_ECHO) {
            return shown;
        }
        int cut = Math.min(MAX_ECHO, shown.length());
        cut = Character.isHighSurrogate(shown.charAt(cut - 1)) ? cut - 1 : cut;
        return shown.substring(0, cut) + "… (" + typed.length() + " characters)";
    }

    /**
     * A message about to be printed with its control characters escaped (see {@link #literal});
     * line breaks are kept, as a message may be made of several lines.
     */
    public static String printable(String message) {
        return message == null ? null : escaped(message, true);
    }

    private static String escaped(String text, boolean keepLineBreaks) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escape = escape(c, keepLineBreaks);
            if (escape == null) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            out.append(escape);
        }
        return out == null ? text : out.toString();
    }

    private static String escape(char c, boolean keepLineBreaks) {
        if (c == '\n') {
            return keepLineBreaks ? null : "\\n";
        }
        if (c == '\t') {
            return keepLineBreaks ? null : "\\t";
        }
        if (c == '\r') {
            return "\\r";
        }
        if (c == 0x1b) {
            return "\\e";
        }
        if (c < 0x20 || c == 0x7f) {
            return String.format("\\x%02X", (int) c);
        }
        if (c >= 0x80 && c < 0xa0 || Character.getType(c) == Character.FORMAT || c == '\u2028' || c == '\u2029') {
            return String.format("\\u%04X", (int) c);
        }
        return null;
    }

    /** The styled text padded with spaces to {@code width} visible columns (at least one space after it). */
    public static String pad(String styled, int width) {
        return styled + " ".repeat(Math.max(0, width - visible(styled)));
    }

    /** UUIDs shortened to their first 8 digits and "…", the same way everywhere, so they still match up. */
    public static String shortIds(String text) {
        Matcher m = UUID.matcher(text);
        return m.find() ? m.replaceAll("$1…") : text;
    }

    /** A message made ready for more punctuation after it: its own final period (and spaces) removed. */
    public static String clause(String message) {
        String m = message == null ? "" : message.strip();
        while (m.endsWith(".") && !m.endsWith("...") && !m.endsWith("…")) {
            m = m.substring(0, m.length() - 1).stripTrailing();
        }
        return m;
    }

    /** "1 check", "2 checks". */
    public static String count(long n, String singular) {
        return count(n, singular, singular + "s");
    }

    /** "1 entry", "3 entries". */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }
}
