package dev.lockdrill.score;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.ThroughPooler;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.LaneHistories;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.report.HtmlTimeline;
import dev.lockdrill.report.JsonReport;
import dev.lockdrill.report.SampleRuns;
import dev.lockdrill.report.Style;
import dev.lockdrill.report.TerminalReport;
import dev.lockdrill.support.Json;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An invariant whose check throws (a checker bug, a history it did not expect) is an unknown verdict
 * for that invariant, never an aborted check: the others are still judged, the run is never a pass,
 * and the report, the JSON and the timeline say what threw in one sentence, without a stack trace
 * (Jepsen's {@code check-safe}).
 */
class ThrowingInvariantTest {
    /** Counts the histories it judged, so a test can see it ran after the one that threw. */
    static final class Holds implements Invariant {
        final AtomicInteger judged = new AtomicInteger();
        private final String name;

        Holds(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        public String description() {
            return "holds on every history";
        }

        public InvariantResult check(History history) {
            judged.incrementAndGet();
            return pass();
        }
    }

    /** Reads a result field every op is assumed to have: the first op without one throws. */
    static final Invariant READS_A_MISSING_FIELD = new Invariant() {
        public String name() {
            return "reads-a-missing-field";
        }

        public String description() {
            return "every write's token is positive";
        }

        public InvariantResult check(History history) {
            for (Op op : history.ops()) {
                if (((Number) op.result().get("missing")).longValue() <= 0) {
                    return fail(List.of(Evidence.of("not positive", op.id())));
                }
            }
            return pass();
        }
    };

    static final Invariant REFUSES_ANY_WRITE = new Invariant() {
        public String name() {
            return "refuses-any-write";
        }

        public String description() {
            return "nothing is written";
        }

        public InvariantResult check(History history) {
            return failIfAny(history.ops().stream().map(op -> Evidence.of("op " + op.id() + " wrote", op.id()))
                    .toList());
        }
    };

    static final Invariant BAD_STATE = new Invariant() {
        public String name() {
            return "bad-state";
        }

        public String description() {
            return "a checker that meets a history it cannot read";
        }

        public InvariantResult check(History history) {
            throw new IllegalStateException("no grant before op 3\nsecond line never shown");
        }
    };

    @Test
    void aThrowingInvariantIsUnknownAndTheInvariantsAfterItAreStillJudged() {
        Holds before = new Holds("holds-before");
        Holds after = new Holds("holds-after");
        History history = SampleRuns.kleppmann();

        List<InvariantResult> results = Verdicts.evaluate(List.of(before, READS_A_MISSING_FIELD, after,
                REFUSES_ANY_WRITE), history);

        assertThat(results).extracting(InvariantResult::name).containsExactly("holds-before",
                "reads-a-missing-field", "holds-after", "refuses-any-write");
        assertThat(results).extracting(InvariantResult::verdict).containsExactly(Verdict.PASS, Verdict.UNKNOWN,
                Verdict.PASS, Verdict.FAIL);
        assertThat(after.judged).hasValue(1);
        assertThat(Verdicts.status(results)).isEqualTo(RunStatus.FAIL);
    }

    @Test
    void aThrowingInvariantAmongPassingOnesMakesTheRunUnknownNeverAPass() {
        List<InvariantResult> results = Verdicts.evaluate(List.of(new Holds("holds"), READS_A_MISSING_FIELD),
                SampleRuns.kleppmann());

        assertThat(results.get(0).verdict()).isEqualTo(Verdict.PASS);
        assertThat(results.get(1).verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(Verdicts.status(results)).isEqualTo(RunStatus.UNKNOWN);
    }

    @Test
    void theEvidenceNamesTheExceptionInOneSentenceWithoutAStackTrace() {
        InvariantResult npe = READS_A_MISSING_FIELD.checkSafely(SampleRuns.kleppmann());
        InvariantResult state = BAD_STATE.checkSafely(SampleRuns.kleppmann());

        assertThat(npe.evidence()).singleElement().extracting(Evidence::text).asString()
                .startsWith("This invariant could not judge the run: its check threw NullPointerException (")
                .contains("in ThrowingInvariantTest$")
                .endsWith("not a verdict on your code; please report it with this run's result.json.");
        assertThat(state.evidence()).singleElement().extracting(Evidence::text).asString()
                .contains("threw IllegalStateException (no grant before op 3) in ThrowingInvariantTest$")
                .doesNotContain("second line").doesNotContain("\n").doesNotContain("\tat ");
        assertThat(state.name()).isEqualTo("bad-state");
        assertThat(state.description()).isEqualTo("a checker that meets a history it cannot read");
    }

    @Test
    void aCheckThatThrowsInOneLaneIsUnknownForTheRun() {
        List<Op> ops = new ArrayList<>(SampleRuns.kleppmann().ops());
        List<Map<String, Object>> lanes = ops.stream().map(Op::scenario).distinct()
                .map(s -> Map.<String, Object>of(LaneHistories.SCENARIO, s, LaneHistories.LANE,
                        s.equals("warm-up") ? 0 : 1)).toList();
        History history = new History(42, ops, List.of(),
                List.of(new Observation(LaneHistories.OBSERVATION, "", lanes)));
        Invariant throwsInOneLane = new Invariant() {
            public String name() {
                return "throws-in-paused-holder";
            }

            public String description() {
                return "throws on the lane that ran paused-holder";
            }

            public InvariantResult check(History lane) {
                if (lane.ops().stream().anyMatch(op -> op.scenario().equals("paused-holder"))) {
                    throw new ArithmeticException("/ by zero");
                }
                return pass();
            }
        };

        InvariantResult result = Verdicts.evaluate(List.of(throwsInOneLane), history).get(0);

        assertThat(LaneHistories.split(history)).hasSize(2);
        assertThat(result.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(result.evidence()).extracting(Evidence::text).singleElement().asString()
                .contains("ArithmeticException (/ by zero)");
    }

    @Test
    void aCheckThatThrowsThroughThePoolerIsUnknownThereAndSaysWhich() {
        ThroughPooler pooler = new ThroughPooler(List.of(BAD_STATE, REFUSES_ANY_WRITE), Set.of("paused-holder"));

        InvariantResult result = Verdicts.evaluate(List.of(pooler), SampleRuns.kleppmann()).get(0);

        assertThat(result.verdict()).as("the other invariant through the pooler still fails")
                .isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).extracting(Evidence::text)
                .anyMatch(t -> t.startsWith("Through PgBouncer in transaction mode, bad-state: This invariant could "
                        + "not judge the run: its check threw IllegalStateException"))
                .anyMatch(t -> t.startsWith("Through PgBouncer in transaction mode, refuses-any-write: op "));
    }

    @Test
    void theReportTheJsonAndTheTimelineShowTheUnknownVerdictAndItsSentence() throws Exception {
        History history = SampleRuns.kleppmann();
        List<InvariantResult> results = Verdicts.evaluate(List.of(new Holds("holds"), BAD_STATE), history);
        ImplementationRun you = new ImplementationRun("katas/fencing-token", Verdicts.status(results), results,
                List.of(), "", "", List.of(), 480, history);
        CheckResult result = new CheckResult("fencing-token", you.status(), 42, null,
                Instant.parse("2026-01-02T03:04:05Z"), you, null, Scoring.compare(you, null));

        StringWriter text = new StringWriter();
        new TerminalReport(new Style(false), 240, null).render(result, new PrintWriter(text));
        JsonNode json = Json.json().readTree(JsonReport.render(result));
        String html = HtmlTimeline.render(result);

        assertThat(result.status()).isEqualTo(RunStatus.UNKNOWN);
        assertThat(text.toString()).containsPattern("\n  bad-state +unknown\n").contains("? bad-state")
                .contains("threw IllegalStateException (no grant before op 3)").doesNotContain("\tat ")
                .doesNotContain("PASS");
        JsonNode badState = json.path("invariants").get(1);
        assertThat(badState.path("verdict").asText()).isEqualTo("unknown");
        assertThat(badState.path("passed").asBoolean()).isFalse();
        assertThat(badState.path("evidence").get(0).asText()).contains("threw IllegalStateException");
        assertThat(html).contains("<tr class=\"unknown\"><td>bad-state</td><td>unknown</td>")
                .contains("<h2 class=\"unknown\">? bad-state</h2>").contains("threw IllegalStateException");
    }
}
