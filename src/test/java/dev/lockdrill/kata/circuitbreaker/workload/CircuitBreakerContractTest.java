package dev.lockdrill.kata.circuitbreaker.workload;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.circuitbreaker.CircuitBreakerKata;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CircuitBreakerContractTest {
    private final CircuitBreakerKata kata = new CircuitBreakerKata();

    @Test
    void everyClauseNamesInvariantsAndScenariosThatExist() {
        List<String> invariants = kata.invariants().stream().map(Invariant::name).toList();
        List<String> scenarios = CircuitBreakerWorkload.SCENARIOS.stream().map(BreakerScenario::name).toList();
        assertThat(kata.contract().clauses()).extracting(Clause::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6", "C7",
                "C8");
        for (Clause clause : kata.contract().clauses()) {
            assertThat(clause.invariantNames()).as(clause.id()).isNotEmpty().allMatch(invariants::contains);
            assertThat(clause.scenarioNames()).as(clause.id()).isNotEmpty().allMatch(scenarios::contains);
        }
    }

    @Test
    void everyScenarioExercisesSomeClause() {
        List<String> covered = kata.contract().clauses().stream().flatMap(c -> c.scenarioNames().stream()).toList();
        assertThat(CircuitBreakerWorkload.SCENARIOS).extracting(BreakerScenario::name).allMatch(covered::contains);
    }
}
