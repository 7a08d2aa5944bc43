package dev.lockdrill.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.support.Json;
import dev.lockdrill.testing.DrillRig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `practice`: a plan of due drills and unfinished katas that fits the minutes given, walked through in order. */
class PracticeCommandTest {
    @TempDir
    Path root;

    /** A workbook with one drill card (lease) and one unfinished kata (fencing-token). */
    private DrillRig rig() throws Exception {
        Path repo = Path.of("").toAbsolutePath();
        Files.createDirectories(root.resolve("drills"));
        Files.copy(repo.resolve("drills/lease.yaml"), root.resolve("drills/lease.yaml"));
        Files.createDirectories(root.resolve("katas/fencing-token"));
        Files.copy(repo.resolve("katas/fencing-token/kata.yaml"), root.resolve("katas/fencing-token/kata.yaml"));
        return new DrillRig(root, root.resolve(".lockdrill"));
    }

    @Test
    void thePlanHoldsTheDueDrillAndTheUnfinishedKataWhenBothFit() throws Exception {
        DrillRig.Run run = rig().run("", "practice", "--minutes", "20", "--json");
        JsonNode items = Json.json().readTree(run.out()).get("items");
        assertThat(items.findValuesAsText("id")).containsExactly("lease", "fencing-token");
        assertThat(items.findValuesAsText("kind")).containsExactly("DRILL", "KATA");
        assertThat(items.findValuesAsText("why")).containsExactly("new", "not started");
    }

    @Test
    void aShortSessionLeavesOutWhatDoesNotFit() throws Exception {
        DrillRig.Run run = rig().run("", "practice", "--minutes", "5", "--plan");
        assertThat(run.out()).contains("Practice plan: 1 item,", "drill lease").doesNotContain("fencing-token");
    }

    @Test
    void theSessionWalksThroughEachItemAndCanSkipTheKata() throws Exception {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\n" + "\n" + "y\ny\ny\ny\n" + "4\n" + "s\n", "practice", "--minutes", "20");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("Practice plan: 2 items", "[1/2] drill lease", "Recorded Easy for lease",
                "[2/2] kata fencing-token", "Session over: 1 of 2 done");
        assertThat(rig.app().state().read().drill("lease").reviews()).hasSize(1);
    }

    @Test
    void withNothingDueAndEveryKataPassedThereIsNothingToPractise() throws Exception {
        DrillRig rig = rig();
        rig.run("\n" + "y\ny\ny\ny\n" + "4\n", "drill", "lease");
        rig.app().state().update(s -> s.with("fencing-token",
                s.kata("fencing-token").afterCheck("pass", "2026-01-01T00:00:00Z")));
        DrillRig.Run run = rig.run("", "practice");
        assertThat(run.out()).contains("Nothing to practise");
    }

    @Test
    void minutesMustBePositive() throws Exception {
        DrillRig.Run run = rig().run("", "practice", "--minutes", "0");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("--minutes must be a positive number");
    }
}
