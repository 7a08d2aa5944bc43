package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.breakerplacement.BreakerPlacementKata;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class ContractCoverageTest {
    private final BreakerPlacementKata kata = new BreakerPlacementKata();
    private final Set<String> invariants = kata.invariants().stream().map(Invariant::name).collect(Collectors.toSet());
    private final Set<String> scenarios = EmitterWorkload.SCENARIOS.stream().map(EmitterScenario::name)
            .collect(Collectors.toSet());

    @Test
    void everyClauseNamesInvariantsAndScenariosThatExist() {
        assertThat(kata.contract().clauses()).hasSize(9);
        for (Clause clause : kata.contract().clauses()) {
            assertThat(clause.invariantNames()).as(clause.id()).isNotEmpty();
            assertThat(clause.scenarioNames()).as(clause.id()).isNotEmpty();
            assertThat(invariants).as(clause.id()).containsAll(clause.invariantNames());
            assertThat(scenarios).as(clause.id()).containsAll(clause.scenarioNames());
        }
    }

    @Test
    void everyInvariantJudgesSomeClause() {
        Set<String> judged = kata.contract().clauses().stream().flatMap(c -> c.invariantNames().stream()).collect(Collectors.toSet());
        assertThat(judged).containsAll(invariants);
    }

    @Test
    void everyScenarioExercisesSomeClause() {
        Set<String> exercised = kata.contract().clauses().stream().flatMap(c -> c.scenarioNames().stream())
                .collect(Collectors.toSet());
        assertThat(exercised).containsAll(scenarios);
    }

    @Test
    void theReadmeListsEveryClause() throws Exception {
        String readme = java.nio.file.Files.readString(java.nio.file.Path.of("katas/breaker-placement/README.md"));
        for (Clause clause : kata.contract().clauses()) {
            assertThat(readme).contains("**" + clause.id() + " —");
        }
        assertThat(List.copyOf(invariants)).allMatch(readme::contains);
    }
}
