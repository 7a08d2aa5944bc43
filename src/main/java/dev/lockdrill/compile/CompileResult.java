package dev.lockdrill.compile;

import java.nio.file.Path;
import java.util.List;

/** The outcome of compiling a kata folder: where the classes went, or the errors. */
public record CompileResult(Path classesDir, List<CompileDiagnostic> errors, long millis) {
    public CompileResult {
        errors = List.copyOf(errors);
    }

    public boolean ok() {
        return errors.isEmpty();
    }
}
