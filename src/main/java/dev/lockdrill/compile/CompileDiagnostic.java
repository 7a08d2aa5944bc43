package dev.lockdrill.compile;

/** One compiler error, as file:line: message. */
public record CompileDiagnostic(String file, long line, String message) {
    @Override
    public String toString() {
        return file + ":" + line + ": " + message;
    }
}
