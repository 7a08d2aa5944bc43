package dev.lockdrill.app;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.fencingtoken.check.FencingMetrics;
import dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants;
import dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload;
import dev.lockdrill.kata.redlock.check.RedlockInvariants;
import dev.lockdrill.kata.redlock.workload.RedlockWorkload;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kata's definition refers to its invariants and scenarios as objects: a misspelt one does not
 * compile, and one of another kata (or a scenario its workload does not run) fails here, in
 * milliseconds, instead of minutes later in `dev check`.
 */
class KataDefinitionTest {

    @TestFactory
    Stream<DynamicTest> everyClauseNamesTheKatasOwnInvariantsAndScenarios() {
        return KataRegistry.all().stream().map(kata -> DynamicTest.dynamicTest(kata.id(),
                () -> assertThat(DevCheck.coverage(kata, Set.of())).as(kata.id()).isEmpty()));
    }

    @TestFactory
    Stream<DynamicTest> clausesAreNumberedFromC1InOrder() {
        return KataRegistry.all().stream().map(kata -> DynamicTest.dynamicTest(kata.id(),
                () -> assertThat(kata.contract().clauses()).extracting(Clause::id).containsExactlyElementsOf(
                        IntStream.rangeClosed(1, kata.contract().clauses().size()).mapToObj(i -> "C" + i).toList())));
    }

    @TestFactory
    Stream<DynamicTest> everyScenarioAndEveryInvariantServesSomeClause() {
        return KataRegistry.all().stream().map(kata -> DynamicTest.dynamicTest(kata.id(), () -> {
            List<Clause> clauses = kata.contract().clauses();
            assertThat(clauses.stream().flatMap(c -> c.scenarios().stream()).toList()).as(kata.id() + "'s scenarios")
                    .containsAll(kata.scenarios());
            assertThat(clauses.stream().flatMap(c -> c.invariantNames().stream()).toList())
                    .as(kata.id() + "'s invariants").containsAll(kata.invariants().stream().map(Invariant::name).toList());
        }));
    }

    @Test
    void aClauseNamingAnotherKatasInvariantOrScenarioIsReported() {
        Kata borrowing = new DeclaredKata("fencing-token", FencingTokenWorkload.class, FencingTokenWorkload.SCENARIOS,
                Needs.POSTGRES) {
            @Override
            public List<Invariant> invariants() {
                return FencingTokenInvariants.all();
            }

            @Override
            public Metrics metrics() {
                return new FencingMetrics(dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.TEN_WRITERS);
            }

            @Override
            public String lessonScenario() {
                return RedlockWorkload.NODE_RESTART.name();
            }

            @Override
            public Contract contract() {
                return Contract.of("", Clause.of("C1", "borrowed").judgedBy(RedlockInvariants.LOCK_VALUES_UNIQUE)
                        .at(RedlockWorkload.NODE_RESTART));
            }
        };
        assertThat(DevCheck.coverage(borrowing, Set.of())).containsExactly(
                "C1 names invariant lock-values-unique, which the kata does not have",
                "C1 names scenario node-restart, which is not one of the kata's scenarios",
                "the lesson scenario node-restart is not one of the kata's scenarios");
    }

    @Test
    void aKatasScenariosAreTheObjectsItsWorkloadRuns() {
        List<NamedScenario> scenarios = KataRegistry.get("fencing-token").scenarios();
        assertThat(scenarios).containsExactlyElementsOf(FencingTokenWorkload.SCENARIOS);
        assertThat(scenarios.get(1)).isSameAs(FencingTokenWorkload.PAUSED_HOLDER);
    }
}
