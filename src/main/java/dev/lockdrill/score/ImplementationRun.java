package dev.lockdrill.score;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
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

    /** Invariants that held on something the run actually did (one with nothing to judge earns nothing). */
    public long passedCount() {
        return invariants.stream().filter(r -> r.verdict() == Verdict.PASS).count();
    }
}
