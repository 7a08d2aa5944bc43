package dev.lockdrill.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a kata author expects of an implementation: a correct one passes; a mutant ends with the
 * status its {@code expect.yaml} names and, when that status is a failure, at least one of the
 * invariants it names fails. A mutant that only times out or crashes is not caught unless that is
 * what its file expects.
 */
public record Expectation(RunStatus status, List<String> invariants) {
    public static final String FILE = "expect.yaml";
    public static final Expectation PASSES = new Expectation(RunStatus.PASS, List.of());

    public Expectation {
        invariants = List.copyOf(invariants);
    }

    public static Expectation of(Path mutantDir) {
        Path file = mutantDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw LockdrillException.usage("Mutant " + mutantDir.getFileName() + " has no " + FILE
                    + ": name the status and the invariants that must catch it.");
        }
        try {
            JsonNode node = Json.yaml().readTree(file.toFile());
            String status = node.path("status").asText("fail");
            List<String> invariants = new ArrayList<>();
            node.path("invariants").forEach(n -> invariants.add(n.asText()));
            RunStatus expected = RunStatus.valueOf(status.toUpperCase(Locale.ROOT).replace('-', '_'));
            if (expected == RunStatus.FAIL && invariants.isEmpty()) {
                throw LockdrillException.usage(file + " expects a failure but names no invariant that must catch it.");
            }
            return new Expectation(expected, invariants);
        } catch (IOException | IllegalArgumentException e) {
            throw LockdrillException.usage(file + " could not be read: " + e.getMessage());
        }
    }

    /** Whether the result is what was expected; if not, why, in one sentence. */
    public String mismatch(CheckResult result) {
        if (result.status() != status) {
            return "ended " + result.status().label() + ", expected " + status.label()
                    + (result.status() == RunStatus.FAIL ? " (failed: " + String.join(", ", failed(result)) + ")" : "");
        }
        if (status == RunStatus.FAIL && failed(result).stream().noneMatch(invariants::contains)) {
            return "failed " + String.join(", ", failed(result)) + " but none of the expected "
                    + String.join(", ", invariants) + unjudged(result);
        }
        return null;
    }

    /** Why expected invariants were not judged at all (their scenario was not run, say), if any were not. */
    private String unjudged(CheckResult result) {
        List<String> why = result.you().invariants().stream()
                .filter(r -> !r.exercised() && invariants.contains(r.name()) && !r.evidence().isEmpty())
                .map(r -> r.name() + " was not exercised: " + r.evidence().get(0).text()).toList();
        return why.isEmpty() ? "" : " (" + String.join("; ", why) + ")";
    }

    public static List<String> failed(CheckResult result) {
        return result.you().invariants().stream().filter(r -> !r.passed()).map(InvariantResult::name).toList();
    }
}
