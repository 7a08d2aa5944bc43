package dev.lockdrill.score;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScoringTest {
    private static InvariantResult result(String name, Verdict verdict) {
        return new InvariantResult(name, name, verdict, verdict == Verdict.PASS ? List.of() : List.of(Evidence.of("x")));
    }

    private static ImplementationRun run(List<InvariantResult> invariants, List<MetricValue> metrics) {
        return new ImplementationRun("src", Verdicts.status(invariants), invariants, metrics, "", "", List.of(), 1,
                null);
    }

    @Test
    void invariantWithNothingToJudgeEarnsNothing() {
        ImplementationRun you = run(List.of(result("a", Verdict.PASS), result("b", Verdict.NOT_EXERCISED),
                result("c", Verdict.NOT_EXERCISED), result("d", Verdict.NOT_EXERCISED)), List.of());

        Scorecard card = Scoring.compare(you, null);

        assertThat(card.score()).isEqualTo(25);
        assertThat(you.status()).isEqualTo(RunStatus.PASS);
    }

    @Test
    void runWhereNothingWasExercisedIsUnknownNotPass() {
        assertThat(Verdicts.status(List.of(result("a", Verdict.NOT_EXERCISED)))).isEqualTo(RunStatus.UNKNOWN);
    }

    @Test
    void figureFarOffTheReferenceLowersTheScore() {
        List<InvariantResult> all = List.of(result("a", Verdict.PASS), result("b", Verdict.PASS));
        ImplementationRun reference = run(all, List.of(new MetricValue("throughput", 100, "/s", true),
                new MetricValue("calls to failing dependency", 10, "calls", false)));
        ImplementationRun slow = run(all, List.of(new MetricValue("throughput", 9, "/s", true),
                new MetricValue("calls to failing dependency", 21, "calls", false)));
        ImplementationRun close = run(all, List.of(new MetricValue("throughput", 51, "/s", true),
                new MetricValue("calls to failing dependency", 19, "calls", false)));

        assertThat(Scoring.compare(slow, reference).score()).isEqualTo(80);
        assertThat(Scoring.compare(close, reference).score()).isEqualTo(100);
        assertThat(Scoring.compare(slow, reference).metrics()).allMatch(MetricComparison::flagged);
    }
}
