package dev.lockdrill.compile;

import java.util.List;

/**
 * One compiler error as javac reports it: file and line, the whole message (with its symbol and
 * location lines), the source line and the column the caret points at (0 when unknown).
 */
public record CompileDiagnostic(String file, long line, String message, long column, String sourceLine) {
    public CompileDiagnostic {
        sourceLine = sourceLine == null ? "" : sourceLine;
    }

    public CompileDiagnostic(String file, long line, String message) {
        this(file, line, message, 0, "");
    }

    /** The first line of the message ("cannot find symbol"). */
    public String headline() {
        return message.lines().findFirst().orElse("");
    }

    /** The lines after the first ("symbol: variable x", "location: class Y"), trimmed. */
    public List<String> details() {
        return message.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    /** The source line and a caret under the column, as javac prints them; empty when the line is unknown. */
    public List<String> excerpt() {
        if (sourceLine.isBlank()) {
            return List.of();
        }
        String caret = column <= 0 ? "" : sourceLine.substring(0, (int) Math.min(column - 1, sourceLine.length()))
                .replaceAll("[^\\t]", " ") + "^";
        return caret.isEmpty() ? List.of(sourceLine) : List.of(sourceLine, caret);
    }

    @Override
    public String toString() {
        return file + ":" + line + ": " + message;
    }
}
