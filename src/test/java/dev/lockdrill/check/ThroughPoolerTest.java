package dev.lockdrill.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.history.Pooler;
import dev.lockdrill.testing.HistoryBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The kata's invariants over the scenarios through PgBouncer: judged there alone, never passed unrun. */
class ThroughPoolerTest {
    static final String POOLED = "pooled-handover";

    /** Fails on every refused call: stands for any of a kata's invariants. */
    static final Invariant NOTHING_REFUSED = new Invariant() {
        @Override
        public String name() {
            return "nothing-refused";
        }

        @Override
        public String description() {
            return "no call is refused";
        }

        @Override
        public InvariantResult check(History history) {
            return failIfAny(history.ops(op -> op.outcome() == Outcome.FAIL).stream()
                    .map(op -> Evidence.of(op.worker() + " was refused in " + op.scenario(), op.id())).toList());
        }
    };

    final ThroughPooler pooler = new ThroughPooler(List.of(NOTHING_REFUSED), Set.of(POOLED));

    @Test
    void aPooledScenarioThatWasNotRunIsNotExercisedAndSaysWhy() {
        HistoryBuilder builder = new HistoryBuilder().scenario("handover");
        call(builder, "worker-1", 0, Outcome.OK);
        History history = builder.scenario(POOLED)
                .observe(Pooler.NOT_RUN, Pooler.notRun("PgBouncer is not installed")).build();

        InvariantResult result = pooler.check(history);

        assertThat(result.verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(result.evidence().get(0).text())
                .isEqualTo("pooled-handover was not run, because PgBouncer is not installed");
    }

    @Test
    void aPooledScenarioWithNoOperationIsNotExercisedEvenIfItSaidNothing() {
        HistoryBuilder builder = new HistoryBuilder().scenario("handover");
        call(builder, "worker-1", 0, Outcome.FAIL);
        History history = builder.build();

        assertThat(pooler.check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void aViolationThroughThePoolerNamesItAndTheSessionThatKeptTheLock() {
        HistoryBuilder builder = new HistoryBuilder().scenario(POOLED);
        call(builder, "worker-2", 0, Outcome.FAIL);
        History history = builder.observe(Pooler.SESSION_LOCKS, Map.of(Pooler.PID, 4242, Pooler.LOCKS, 1L,
                        Pooler.AFTER, "worker-1's tryAcquire"))
                .build();

        InvariantResult result = pooler.check(history);

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).extracting(Evidence::text).containsExactly(
                "Through PgBouncer in transaction mode, after worker-1's tryAcquire returned, server session 4242 "
                        + "still held 1 advisory lock between transactions: session state, which the pooler gives "
                        + "to whichever client's transaction comes next (pooled-handover)",
                "Through PgBouncer in transaction mode, nothing-refused: worker-2 was refused in pooled-handover");
        assertThat(result.evidence().get(0).scenario()).as("a session's locks are read from the pooler, "
                + "tied to no call: the line names its scenario").isEqualTo(POOLED);
    }

    @Test
    void theKatasOwnInvariantsSkipThePooledScenariosWhichAreJudgedOnceThroughThePooler() {
        HistoryBuilder builder = new HistoryBuilder().scenario(POOLED);
        call(builder, "worker-2", 0, Outcome.FAIL);
        call(builder.scenario("handover"), "worker-1", 2, Outcome.OK);
        History history = builder.build();

        assertThat(ThroughPooler.outside(Set.of(POOLED), NOTHING_REFUSED).check(history).verdict())
                .isEqualTo(Verdict.PASS);
        assertThat(NOTHING_REFUSED.check(history).verdict()).isEqualTo(Verdict.FAIL);
        assertThat(pooler.check(history).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aViolationThroughThePoolerKeepsWhichOperationsAreOnlyContext() {
        Invariant refusedAfterAGrant = new Invariant() {
            @Override
            public String name() {
                return "refused-after-a-grant";
            }

            @Override
            public String description() {
                return "no call is refused after one succeeded";
            }

            @Override
            public InvariantResult check(History history) {
                long granted = history.ops(op -> op.outcome() == Outcome.OK).get(0).id();
                return failIfAny(history.ops(op -> op.outcome() == Outcome.FAIL).stream()
                        .map(op -> new Evidence("refused after a grant", List.of(op.id()), List.of(granted))).toList());
            }
        };
        HistoryBuilder builder = new HistoryBuilder().scenario(POOLED);
        call(builder, "worker-1", 0, Outcome.OK);
        call(builder, "worker-2", 2, Outcome.FAIL);
        History history = builder.build();
        long grant = history.ops().get(0).id();
        long refusal = history.ops().get(1).id();

        InvariantResult result = new ThroughPooler(List.of(refusedAfterAGrant), Set.of(POOLED)).check(history);

        assertThat(result.evidence()).singleElement().satisfies(e -> {
            assertThat(e.opIds()).containsExactly(refusal);
            assertThat(e.contextIds()).containsExactly(grant);
        });
    }

    @Test
    void aCleanRunThroughThePoolerPasses() {
        HistoryBuilder builder = new HistoryBuilder().scenario(POOLED);
        call(builder, "worker-1", 0, Outcome.OK);
        History history = builder.build();

        assertThat(pooler.check(history).verdict()).isEqualTo(Verdict.PASS);
    }

    private static void call(HistoryBuilder builder, String worker, long atMs, Outcome outcome) {
        builder.op(worker, "acquire", Map.of(), atMs, atMs + 1, outcome, Map.of(),
                outcome == Outcome.FAIL ? "refused" : null);
    }
}
