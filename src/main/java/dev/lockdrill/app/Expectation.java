package dev.lockdrill.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
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
import java.util.Set;
import java.util.TreeSet;

/**
 * What a kata author expects of an implementation: a correct one passes; a mutant ends with the
 * status its {@code expect.yaml} names and, when that status is a failure, at least one of the
 * invariants it names fails. A mutant that only times out or crashes is not caught unless that is
 * what its file expects. A file may also name {@code scenarios:}, where the expected invariants
 * must fail (see {@link #caughtIn}).
 */
public record Expectation(RunStatus status, List<String> invariants, List<String> scenarios) {
    public static final String FILE = "expect.yaml";
    public static final Expectation PASSES = new Expectation(RunStatus.PASS, List.of());

    public Expectation {
        invariants = List.copyOf(invariants);
        scenarios = List.copyOf(scenarios);
    }

    public Expectation(RunStatus status, List<String> invariants) {
        this(status, invariants, List.of());
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
            List<String> scenarios = new ArrayList<>();
            node.path("scenarios").forEach(n -> scenarios.add(n.asText()));
            RunStatus expected = RunStatus.valueOf(status.toUpperCase(Locale.ROOT).replace('-', '_'));
            if (expected == RunStatus.FAIL && invariants.isEmpty()) {
                throw LockdrillException.usage(file + " expects a failure but names no invariant that must catch it.");
            }
            return new Expectation(expected, invariants, scenarios);
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
        if (status == RunStatus.FAIL && !scenarios.isEmpty()) {
            Set<String> caughtIn = caughtIn(result);
            if (caughtIn.stream().noneMatch(scenarios::contains)) {
                return "failed " + String.join(", ", failed(result).stream().filter(invariants::contains).toList())
                        + " only in " + (caughtIn.isEmpty() ? "evidence tied to no operation" : String.join(", ", caughtIn))
                        + ", not in " + String.join(", ", scenarios) + ", the scenario that forces it";
            }
        }
        return null;
    }

    /**
     * The scenarios of the operations behind the expected invariants' evidence (or named by evidence
     * read from storage rather than from a call). A mutant file that
     * names {@code scenarios:} says a race is forced there: being caught elsewhere, by luck in a
     * crowd of writers say, does not count (on a busy machine the crowd stops racing).
     */
    private Set<String> caughtIn(CheckResult result) {
        History history = result.you().history();
        Set<String> caught = new TreeSet<>();
        if (history == null) {
            return caught;
        }
        for (InvariantResult failed : result.you().invariants()) {
            if (failed.passed() || !invariants.contains(failed.name())) {
                continue;
            }
            for (Evidence evidence : failed.evidence()) {
                if (evidence.scenario() != null) {
                    caught.add(evidence.scenario());
                }
                for (Long id : evidence.opIds()) {
                    history.op(id).ifPresent(op -> caught.add(op.scenario()));
                }
            }
        }
        return caught;
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
