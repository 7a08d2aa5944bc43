package dev.lockdrill.kata;

import java.util.List;

/**
 * One numbered clause of a kata's contract, as the learner must honour it, with the invariants
 * that judge it and the scenarios that exercise it at its boundaries.
 */
public record Clause(String id, String text, List<String> invariants, List<String> scenarios) {
    public Clause {
        invariants = List.copyOf(invariants);
        scenarios = List.copyOf(scenarios);
    }
}
