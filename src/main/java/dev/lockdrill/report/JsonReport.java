package dev.lockdrill.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.MetricComparison;
import dev.lockdrill.support.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine-readable result of a check (printed by --json and stored as result.json):
 * kata, status, seed, faults[], invariants[{name, passed, evidence[]}], metrics{}, reference{}, score.
 */
public final class JsonReport {
    public static final int FORMAT_VERSION = 1;

    private JsonReport() {
    }

    public static Map<String, Object> toMap(CheckResult result) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("formatVersion", FORMAT_VERSION);
        out.put("kata", result.kata());
        out.put("status", result.status().label());
        out.put("exitCode", result.status().exitCode());
        out.put("seed", result.seed());
        out.put("replay", Map.of("command", result.replayCommand(), "timingDependent", result.timing()));
        out.put("at", result.at().toString());
        out.put("backend", result.backend());
        out.putAll(run(result.you()));
        out.put("reference", result.reference() == null ? null : run(result.reference()));
        Map<String, Object> score = new LinkedHashMap<>();
        score.put("score", result.score().score());
        score.put("invariantsPassed", result.score().invariantsPassed());
        score.put("invariantsTotal", result.score().invariantsTotal());
        score.put("referenceInvariantsPassed", result.score().referencePassed());
        Map<String, Object> ratios = new LinkedHashMap<>();
        List<String> flagged = new ArrayList<>();
        for (MetricComparison metric : result.score().metrics()) {
            ratios.put(metric.name(), metric.ratio());
            if (metric.flagged()) {
                flagged.add(metric.name());
            }
        }
        score.put("metricRatios", ratios);
        score.put("metricsFarOffReference", flagged);
        out.put("score", score);
        return out;
    }

    private static Map<String, Object> run(ImplementationRun run) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("source", run.source());
        out.put("status", run.status().label());
        out.put("message", run.message());
        out.put("detail", run.detail());
        out.put("durationMs", run.millis());
        out.put("timeOrigin", "times in ms since the run began, as in the evidence and the timelines");
        out.put("compileErrors", run.compileErrors().stream().map(Object::toString).toList());
        out.put("compileDiagnostics", run.compileErrors());
        out.put("faults", run.history() == null ? List.of() : run.history().faults().stream().map(JsonReport::fault)
                .toList());
        out.put("invariants", run.invariants().stream().map(JsonReport::invariant).toList());
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (MetricValue metric : run.metrics()) {
            metrics.put(metric.name(), metric.value());
        }
        out.put("metrics", metrics);
        return out;
    }

    private static Map<String, Object> fault(FaultEvent fault) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", fault.name());
        out.put("scenario", fault.scenario());
        out.put("target", fault.target());
        out.put("description", fault.description());
        out.put("startMs", millis(fault.startNanos()));
        out.put("endMs", millis(fault.endNanos()));
        return out;
    }

    /** Milliseconds since the run began, to 0.1 ms as the evidence prints them. */
    static double millis(long nanos) {
        return Math.round(nanos / 1e5) / 10.0;
    }

    private static Map<String, Object> invariant(InvariantResult result) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", result.name());
        out.put("description", result.description());
        out.put("passed", result.passed());
        out.put("verdict", result.verdict().name().toLowerCase(java.util.Locale.ROOT));
        out.put("evidence", result.evidence().stream().map(Evidence::text).toList());
        return out;
    }

    public static String render(CheckResult result) {
        try {
            return Json.json().writerWithDefaultPrettyPrinter().writeValueAsString(toMap(result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("result cannot be rendered as JSON", e);
        }
    }
}
