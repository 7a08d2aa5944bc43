package dev.lockdrill.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.progress.KataProgress;
import dev.lockdrill.progress.WorkbookState;
import dev.lockdrill.support.Json;
import dev.lockdrill.testing.DrillRig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Drill progress in .lockdrill/state.json: it survives restarts, old files still load, corrupt ones are kept. */
class DrillStateTest {
    private static final String GRADE_LEASE = "\n" + "y\nn\ny\nn\n" + "3\n";
    private static final String MISSED_LEASE_POINT = "The price is that a slow but alive holder can lose the lease "
            + "without noticing and keep acting";

    @TempDir
    Path state;

    private DrillRig rig() {
        return new DrillRig(Path.of("").toAbsolutePath(), state);
    }

    @Test
    void drillHistoryAndScheduleSurviveARestart() throws Exception {
        DrillRig rig = rig();
        rig.run(GRADE_LEASE, "drill", "lease");

        DrillRig.Run json = rig.run("", "progress", "--json");
        JsonNode root = Json.json().readTree(json.out());
        assertThat(root.at("/drillHistory/lease/reviews/0/rating").asInt()).isEqualTo(3);
        assertThat(root.at("/drillHistory/lease/schedule/state").asText()).isEqualTo("LEARNING");
        assertThat(root.get("mostMissed").findValuesAsText("point")).hasSize(2).contains(MISSED_LEASE_POINT);

        DrillRig.Run text = rig.run("", "progress");
        assertThat(text.out()).contains("Drills: 1 of ", "practised", "lease", "1× Good", "in 10 min",
                "Rubric points you missed most", MISSED_LEASE_POINT);

        rig.clock.advance(Duration.ofMinutes(11));
        assertThat(rig.run("", "progress").out()).containsPattern("lease +1× Good +\\d+% .*due now");
    }

    @Test
    void progressForOneDrillListsEveryPractice() {
        DrillRig rig = rig();
        rig.run(GRADE_LEASE, "drill", "lease");
        rig.clock.advance(Duration.ofMinutes(10));
        rig.run("\n" + "y\ny\ny\ny\n" + "4\n", "drill", "lease");

        DrillRig.Run run = rig.run("", "progress", "--drill", "lease");
        assertThat(run.out()).contains("lease: 2 practices, state review", "2026-03-02T09:00:00Z  Good",
                "2026-03-02T09:10:00Z  Easy", "missed: " + MISSED_LEASE_POINT);
    }

    @Test
    void aStateFileFromBeforeDrillsStillLoadsAndKeepsItsFormatVersion() throws Exception {
        Files.createDirectories(state);
        Files.writeString(state.resolve("state.json"), """
                {"formatVersion": 1, "katas": {"fencing-token": {"status": "passed", "attempts": 2, "hintsUsed": 1,
                 "lastStatus": "pass", "lastRunAt": "2026-03-01T10:00:00Z", "referenceRevealed": false}}}
                """);
        DrillRig rig = rig();
        WorkbookState before = rig.app().state().read();
        assertThat(before.drills()).isEmpty();
        assertThat(before.kata("fencing-token").status()).isEqualTo(KataProgress.PASSED);

        rig.run(GRADE_LEASE, "drill", "lease");
        JsonNode written = Json.json().readTree(state.resolve("state.json").toFile());
        assertThat(written.get("formatVersion").asInt()).isEqualTo(WorkbookState.FORMAT_VERSION);
        assertThat(written.at("/katas/fencing-token/attempts").asInt()).isEqualTo(2);
        assertThat(written.at("/drills/lease/reviews").size()).isEqualTo(1);
    }

    @Test
    void aCorruptStateFileIsMovedAsideWithAMessageAndTheDrillIsStillRecorded() throws Exception {
        Files.createDirectories(state);
        Files.writeString(state.resolve("state.json"), "{\"formatVersion\": 1, \"drills\": {\"lease\": [oops");
        DrillRig rig = rig();

        DrillRig.Run run = rig.run(GRADE_LEASE, "drill", "lease");
        assertThat(run.code()).isZero();
        // a notice is wrapped to the screen's width: read it as one line
        assertThat(run.err().replaceAll("\\s+", " ")).contains("could not be read", "It was moved to",
                "state.json.corrupt-");
        try (Stream<Path> files = Files.list(state)) {
            Path aside = files.filter(f -> f.getFileName().toString().startsWith("state.json.corrupt-"))
                    .findFirst().orElseThrow();
            assertThat(Files.readString(aside)).contains("[oops");
        }
        assertThat(rig.app().state().read().drill("lease").reviews()).hasSize(1);
    }
}
