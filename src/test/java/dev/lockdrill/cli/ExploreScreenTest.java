package dev.lockdrill.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.app.ExploreService;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.ScheduleId;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A schedule on which an invariant's check threw is a finding of its own: the exploration says the
 * invariant could not judge it (never "no violation found"), and ends unknown, not failed.
 */
class ExploreScreenTest {
    static final Invariant NO_STALE_WRITE = new Invariant() {
        public String name() {
            return "no-stale-write";
        }

        public String description() {
            return "a stale token never writes";
        }

        public InvariantResult check(History history) {
            throw new IllegalStateException("no grant before op 3");
        }
    };

    private static ExploreService.Result found(List<InvariantResult> failed) {
        ScheduleId id = ScheduleId.of(4711);
        ExploreService.Finding finding = new ExploreService.Finding(id, 2, id,
                List.of(new ExploreService.StepLine(0, "worker-1", "writes k with token 3")), failed, "", 0);
        return new ExploreService.Result("fencing-token", "katas/fencing-token", 4711, 1, 1, 900, 5000, finding,
                false, "lockdrill check fencing-token --explore --replay ", 1);
    }

    private static String screen(ExploreService.Result result) {
        StringWriter out = new StringWriter();
        new ExploreScreen(new Style(false), 200).render(result, new PrintWriter(out));
        return out.toString();
    }

    @Test
    void aCheckThatThrewOnAScheduleIsAnUnknownFindingThatSaysWhatThrew() throws Exception {
        InvariantResult threw = NO_STALE_WRITE.checkSafely(new History(1, List.of(), List.of(), List.of()));
        ExploreService.Result result = found(List.of(threw));

        assertThat(result.exitCode()).isEqualTo(ExitCodes.UNKNOWN);
        assertThat(screen(result)).contains("? no-stale-write could not be judged on schedule 4711")
                .contains("threw IllegalStateException (no grant before op 3)").doesNotContain("No violation found")
                .doesNotContain("\tat ");
        JsonNode failed = Json.json().readTree(ExploreScreen.json(result)).path("finding").path("failed").get(0);
        assertThat(failed.path("verdict").asText()).isEqualTo("unknown");
    }

    @Test
    void aViolationBesideACheckThatThrewFailsTheExploration() {
        InvariantResult threw = NO_STALE_WRITE.checkSafely(new History(1, List.of(), List.of(), List.of()));
        InvariantResult violated = NO_STALE_WRITE.fail(List.of(Evidence.of("token 3 wrote after token 4")));
        ExploreService.Result result = found(List.of(new InvariantResult("final-value", "d", violated.verdict(),
                violated.evidence()), threw));

        assertThat(result.exitCode()).isEqualTo(ExitCodes.FAIL);
        assertThat(screen(result)).contains("✗ final-value failed; no-stale-write could not be judged on schedule 4711")
                .contains("✗ final-value").contains("? no-stale-write");
    }
}
