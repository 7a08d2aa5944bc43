package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.providerfallbackladder.ProviderFallbackLadderKata;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class ProviderFallbackLadderContractTest {
    private final ProviderFallbackLadderKata kata = new ProviderFallbackLadderKata();

    @Test
    void everyClauseNamesInvariantsAndScenariosThatExist() {
        List<String> invariants = kata.invariants().stream().map(Invariant::name).toList();
        List<String> scenarios = ProviderFallbackLadderWorkload.SCENARIOS.stream().map(LadderScenario::name).toList();
        assertThat(kata.contract().clauses()).extracting(Clause::id).containsExactly("C1", "C2", "C3", "C4", "C5", "C6", "C7");
        for (Clause clause : kata.contract().clauses()) {
            assertThat(clause.invariantNames()).as(clause.id()).isNotEmpty().allMatch(invariants::contains);
            assertThat(clause.scenarioNames()).as(clause.id()).isNotEmpty().allMatch(scenarios::contains);
        }
    }

    @Test
    void everyScenarioExercisesSomeClause() {
        List<String> covered = kata.contract().clauses().stream().flatMap(c -> c.scenarioNames().stream()).toList();
        assertThat(ProviderFallbackLadderWorkload.SCENARIOS).extracting(LadderScenario::name).allMatch(covered::contains);
    }

    @Test
    void theSameSeedGeneratesTheSameSchedule() {
        List<String> first = LadderExplorer.generate(new SplittableRandom(42)).stream().map(Step::describe).toList();
        List<String> again = LadderExplorer.generate(new SplittableRandom(42)).stream().map(Step::describe).toList();
        assertThat(first).isNotEmpty().isEqualTo(again);
    }
}
