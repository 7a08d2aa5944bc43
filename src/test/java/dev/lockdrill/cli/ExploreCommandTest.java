package dev.lockdrill.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.ScheduleId;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `check KATA --explore` end to end, as a learner runs it (real PostgreSQL). */
class ExploreCommandTest {
    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;
    String out;
    String err;

    @BeforeEach
    void copyWorkbook() {
        workbook = Pipelines.copyWorkbook(dir);
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.close();
        }
    }

    private int run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        Session session = new Session(() -> app = Pipelines.app(workbook), q -> null, false, false);
        int code = Cli.execute(session, args, new PrintWriter(o), new PrintWriter(e), false);
        session.close();
        out = o.toString();
        err = e.toString();
        return code;
    }

    @Test
    void exploringTheStubFindsAStaleWriteShrinksItAndTheIdReplaysIt() throws Exception {
        assertThat(run("check", "fencing-token", "--explore", "30s", "--seed", "7", "--json")).as(err).isEqualTo(1);
        JsonNode result = Json.json().readTree(out);
        assertThat(result.path("found").asBoolean()).isTrue();
        JsonNode finding = result.path("finding");
        assertThat(finding.path("shrunkSteps").size()).isPositive()
                .isLessThanOrEqualTo(finding.path("steps").asInt());
        assertThat(finding.path("failed").size()).isPositive();
        String shrunk = finding.path("shrunk").asText();
        assertThat(finding.path("replayCommand").asText())
                .isEqualTo("lockdrill check fencing-token --explore --replay " + shrunk);

        // the lease runs out when the next worker asks for it and the statements go in the seed's order:
        // the shrunk schedule fails on every replay, at any load
        for (int replay = 0; replay < 2; replay++) {
            assertThat(run("check", "fencing-token", "--explore", "--replay", shrunk)).as(out + err).isEqualTo(1);
            assertThat(out).contains("✗ ").contains("Replay: lockdrill check fencing-token --explore --replay "
                    + shrunk);
        }
    }

    @Test
    void exploringTheReferenceFindsNothing() {
        assertThat(run("check", "fencing-token", "--reference", "--explore", "12s", "--seed", "1")).as(out + err)
                .isZero();
        assertThat(out).contains("No violation found");
        assertThat(out.lines()).allMatch(line -> line.length() <= 80);
    }

    @Test
    void aKataWhoseScenariosMostlyWaitExploresInTwoLanesAndReportsTheFirstFailingScheduleDrawn() throws Exception {
        // lease-claim's schedules wait on real leases: two check processes run side by side. The stub fails
        // every schedule, so the finding must be the first one drawn, whichever lane ended first.
        assertThat(run("check", "lease-claim", "--explore", "20s", "--seed", "7", "--json")).as(err).isEqualTo(1);
        JsonNode result = Json.json().readTree(out);
        assertThat(result.path("lanes").asInt()).isEqualTo(2);
        assertThat(result.path("finding").path("schedule").asText()).isEqualTo(ScheduleId.of(7).toString());
        Path logs = workbook.stateDir().resolve("explore").resolve("lease-claim");
        assertThat(logs.resolve("explore-output-0.log")).exists();
        assertThat(logs.resolve("explore-output-1.log")).as("the second lane ran a check process").exists();
    }

    @Test
    void aDurationOrScheduleThatIsNotOneIsOneSentence() {
        assertThat(run("check", "fencing-token", "--explore", "soon")).isEqualTo(2);
        assertThat(err.strip()).startsWith("--explore takes a duration").doesNotContain("\n\tat ");
        assertThat(run("check", "fencing-token", "--replay", "4711:x")).isEqualTo(2);
        assertThat(err.strip()).startsWith("--replay takes a schedule").doesNotContain("\tat ")
                .doesNotContain("\n\n");
    }
}
