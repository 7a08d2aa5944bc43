package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.outboxrelay.OutboxRelayKata;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OutboxContractTest {

    @Test
    void everyClauseNamesInvariantsAndScenariosTheKataHas() {
        OutboxRelayKata kata = new OutboxRelayKata();
        List<String> invariants = kata.invariants().stream().map(Invariant::name).toList();
        List<String> scenarios = OutboxRelayWorkload.SCENARIOS.stream().map(OutboxScenario::name).toList();
        assertThat(kata.contract().clauses()).extracting(Clause::id)
                .containsExactly("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10");
        for (Clause clause : kata.contract().clauses()) {
            assertThat(clause.invariantNames()).isNotEmpty();
            assertThat(clause.scenarioNames()).isNotEmpty();
            assertThat(invariants).containsAll(clause.invariantNames());
            assertThat(scenarios).containsAll(clause.scenarioNames());
        }
    }

    @Test
    void everyScenarioIsRunAndEveryInvariantJudgesAClause() {
        OutboxRelayKata kata = new OutboxRelayKata();
        assertThat(OutboxRelayWorkload.SCENARIOS.stream().map(OutboxScenario::name).toList())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(Scenario.values()).map(Scenario::label).toList());
        List<String> judged = kata.contract().clauses().stream().flatMap(c -> c.invariantNames().stream()).toList();
        assertThat(judged).containsAll(kata.invariants().stream().map(Invariant::name).toList());
    }
}
