package dev.lockdrill.kata.bulkhead;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.bulkhead.workload.BulkheadWorkload;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BulkheadKataTest {
    private final BulkheadKata kata = new BulkheadKata();

    @Test
    void everyClauseIsJudgedByInvariantsOfTheKataAndExercisedByItsScenarios() {
        List<String> invariants = kata.invariants().stream().map(Invariant::name).toList();
        for (Clause clause : kata.contract().clauses()) {
            assertThat(clause.invariantNames()).as(clause.id()).isNotEmpty();
            assertThat(invariants).as(clause.id()).containsAll(clause.invariantNames());
            assertThat(clause.scenarioNames()).as(clause.id()).isNotEmpty();
            assertThat(BulkheadWorkload.scenarioNames()).as(clause.id()).containsAll(clause.scenarioNames());
        }
    }

    @Test
    void everyInvariantJudgesSomeClause() {
        List<String> judging = kata.contract().clauses().stream().flatMap(c -> c.invariantNames().stream()).toList();
        assertThat(judging).containsAll(kata.invariants().stream().map(Invariant::name).toList());
    }

    /** Without them the common pool has cores - 1 threads: 1 on 2 cores, where supplyAsync starts a thread per task. */
    @Test
    void theCheckProcessSeesTwoProcessorsAndACommonPoolOfTwoThreadsOnEveryMachine() {
        assertThat(kata.jvmOptions()).contains("-XX:ActiveProcessorCount=2",
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=2");
    }

    @Test
    void theReadmeStatesEveryClause() throws IOException {
        String readme = Files.readString(Path.of("katas/bulkhead/README.md"));
        for (Clause clause : kata.contract().clauses()) {
            assertThat(readme).as(clause.id()).contains("**" + clause.id() + "**");
        }
    }
}
