package dev.lockdrill.score;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.compile.CompileDiagnostic;
import dev.lockdrill.history.History;

import java.util.List;

/** One implementation's run through the pipeline: its status, invariants, figures and history. */
public record ImplementationRun(String source, RunStatus status, List<InvariantResult> invariants,
                                List<MetricValue> metrics, String message, String detail,
                                List<CompileDiagnostic> compileErrors, long millis, History history) {
    public ImplementationRun {
        invariants = List.copyOf(invariants);
        metrics = List.copyOf(metrics);
        compileErrors = List.copyOf(compileErrors);
    }

    public long passedCount() {
        return invariants.stream().filter(InvariantResult::passed).count();
    }
}
