package dev.lockdrill.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.support.Json;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

import static org.assertj.core.api.Assertions.assertThat;

/** The commands as a user runs them one-shot, against a throwaway copy of the workbook. */
class CliTest {
    @TempDir
    Path dir;
    Workbook workbook;
    AppContext app;
    final Deque<String> answers = new ArrayDeque<>();
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
        Session session = new Session(() -> app = Pipelines.app(workbook), q -> answers.poll(), false, false)
                .withWidth(200);
        int code = Cli.execute(session, args, new PrintWriter(o), new PrintWriter(e), false);
        session.close();
        out = o.toString();
        err = e.toString();
        return code;
    }

    @Test
    void everyCommandHasHelp() {
        CommandLine tree = Cli.create(new Session(() -> null, q -> null, false, false), new PrintWriter(
                new StringWriter()), new PrintWriter(new StringWriter()), false);
        for (String command : tree.getSubcommands().keySet()) {
            if (command.equals("help")) {
                continue;
            }
            assertThat(run(command, "--help")).as(command).isZero();
            assertThat(out).as(command).startsWith("Usage: lockdrill " + command);
        }
    }

    @Test
    void devUpdateCheckNamesADriftedReadmeWithoutWritingItAndDevUpdateRewritesIt() throws Exception {
        assertThat(run("dev", "update", "--check")).isZero();
        Path readme = workbook.kata("fencing-token").resolve("README.md");
        String shipped = Files.readString(readme);
        String drifted = shipped.replace("stale writes are refused", "stale writes are welcome");
        Files.writeString(readme, drifted);

        assertThat(run("dev", "update", "--check")).isEqualTo(1);
        assertThat(out).contains("katas/fencing-token/README.md: its '## Contract' section differs");
        assertThat(Files.readString(readme)).isEqualTo(drifted);

        assertThat(run("dev", "update")).isZero();
        assertThat(out).contains("Rewrote katas/fencing-token/README.md");
        assertThat(Files.readString(readme)).isEqualTo(shipped);
    }

    @Test
    void devUpdateSaysInOneSentenceWhenAReadmeHasNoContractSection() throws Exception {
        Path readme = workbook.kata("redlock").resolve("README.md");
        Files.writeString(readme, Files.readString(readme).replace("## Contract", "## Promises"));
        assertThat(run("dev", "update", "--check")).isEqualTo(2);
        assertThat(err).contains("katas/redlock/README.md has no '## Contract' section").doesNotContain("Exception");
    }

    @Test
    void checkAndBackendHelpListTheRealBackendOrder() {
        for (String command : new String[]{"check", "backend"}) {
            assertThat(run(command, "--help")).isZero();
            assertThat(out.replaceAll("\\s+", " ")).as(command)
                    .containsSubsequence("LOCKDRILL_JDBC_URL", "PGHOST", "saved", "libpq's defaults",
                            "localhost:5432", "pgpass", "Testcontainers", "embedded");
        }
    }

    @Test
    void versionFastPathPrintsWhatPicocliPrints() {
        assertThat(Main.asksForVersionOnly(new String[]{"--version"})).isTrue();
        assertThat(Main.asksForVersionOnly(new String[]{"-V"})).isTrue();
        assertThat(Main.asksForVersionOnly(new String[]{"check", "--version"})).isFalse();
        assertThat(run("--version")).isZero();
        assertThat(out.strip()).isEqualTo(new VersionProvider().getVersion()[0]).startsWith("lockdrill ");
    }

    @Test
    void listShowsKatasWithStatusAndJson() throws Exception {
        assertThat(run("list")).isZero();
        assertThat(out).contains("fencing-token", "not started");

        assertThat(run("list", "--json")).isZero();
        JsonNode json = Json.json().readTree(out);
        assertThat(json.get("katas").get(0).get("id").asText()).isEqualTo("fencing-token");
        assertThat(json.get("katas").get(0).get("hintsTotal").asInt()).isEqualTo(3);
    }

    @Test
    void unknownKataIsAUsageErrorThatNamesTheKnownOnes() {
        assertThat(run("show", "no-such-kata")).isEqualTo(2);
        assertThat(err).contains("No kata 'no-such-kata'", "fencing-token").doesNotContain("Exception");
    }

    @Test
    void hintsAreProgressiveAndRecorded() throws Exception {
        run("hint", "fencing-token");
        assertThat(out).startsWith("Hint 1/3");
        run("hint", "fencing-token");
        assertThat(out).startsWith("Hint 2/3");
        run("hint", "fencing-token");
        run("hint", "fencing-token");
        assertThat(out).startsWith("Hint 3/3").contains("you have seen every hint", "fenced_resource");

        JsonNode state = Json.json().readTree(workbook.stateDir().resolve("state.json").toFile());
        assertThat(state.get("katas").get("fencing-token").get("hintsUsed").asInt()).isEqualTo(3);
    }

    @Test
    void resetAsksFirstAndRestoresThePristineStub() throws Exception {
        Path stub = workbook.kata("fencing-token").resolve("PostgresFencedStore.java");
        String original = Files.readString(stub);
        Files.writeString(stub, "broken");

        answers.add("n");
        assertThat(run("reset", "fencing-token")).isZero();
        assertThat(Files.readString(stub)).isEqualTo("broken");

        answers.add("y");
        assertThat(run("reset", "fencing-token")).isZero();
        assertThat(Files.readString(stub)).isEqualTo(original);

        Files.writeString(stub, "broken again");
        assertThat(run("reset", "fencing-token", "--yes")).isZero();
        assertThat(Files.readString(stub)).isEqualTo(original);
    }

    @Test
    void resetWithoutAnyoneToAskNeedsYes() {
        assertThat(run("reset", "fencing-token")).isEqualTo(2);
        assertThat(err).contains("--yes");
    }

    @Test
    void checkOfTheStubFailsWithTheStoryAndIsStored() throws Exception {
        assertThat(run("check", "fencing-token", "--seed", "33")).isEqualTo(1);

        assertThat(out).contains("seed 33", "vs reference", "Faults injected", "pause", "✗ stale-write-rejected",
                "paused", "ACCEPTED — token", "is stale", "accepted writes/s", "FAIL",
                "replay: lockdrill check fencing-token --seed 33");
        Path result = workbook.stateDir().resolve("runs/fencing-token/latest/result.json");
        assertThat(result).isRegularFile();
        assertThat(Json.json().readTree(result.toFile()).get("status").asText()).isEqualTo("fail");
        JsonNode state = Json.json().readTree(workbook.stateDir().resolve("state.json").toFile());
        assertThat(state.get("katas").get("fencing-token").get("status").asText()).isEqualTo("attempted");
    }

    @Test
    void checkJsonHasTheDocumentedFields() throws Exception {
        assertThat(run("check", "fencing-token", "--reference", "--json", "--seed", "5")).isZero();

        JsonNode json = Json.json().readTree(out);
        assertThat(json.get("kata").asText()).isEqualTo("fencing-token");
        assertThat(json.get("status").asText()).isEqualTo("pass");
        assertThat(json.get("seed").asLong()).isEqualTo(5);
        assertThat(json.get("faults").findValuesAsText("name")).contains("pause", "kill");
        assertThat(json.get("invariants")).allSatisfy(i -> {
            assertThat(i.has("name")).isTrue();
            assertThat(i.get("passed").asBoolean()).isTrue();
            assertThat(i.get("evidence").isArray()).isTrue();
        });
        assertThat(json.get("metrics").has("accepted writes/s")).isTrue();
        assertThat(json.has("reference")).isTrue();
        assertThat(json.get("score").get("score").asInt()).isEqualTo(100);
    }

    @Test
    void compileErrorExitsWith4AndShowsItAsJavacDoes() {
        Path broken = Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/compile-error");
        assertThat(run("check", "fencing-token", "--from", broken.toString(), "--no-compare")).isEqualTo(4);
        assertThat(out).containsPattern("PostgresFencedStore\\.java:\\d+: error: ';' expected")
                .contains("return ps.executeUpdate() == 1").containsPattern("\n {6} +\\^\n").doesNotContain("at dev.");
        // a compile error is a result, kept as one: its run folder holds it
        Path kept = workbook.stateDir().resolve("runs/fencing-token/others/latest/result.json");
        assertThat(kept).isRegularFile().content().contains("\"status\" : \"compile-error\"");
    }

    @Test
    void aBrokenKataManifestIsNamedAndSkippedWhileTheRestKeepsWorking() throws Exception {
        Files.writeString(workbook.kata("bulkhead").resolve("kata.yaml"), "id: bulkhead\ntitle: [unclosed\n");
        String manifest = Files.readString(workbook.kata("lease-claim").resolve("kata.yaml"));
        Files.writeString(workbook.kata("lease-claim").resolve("kata.yaml"),
                manifest.replaceAll("(?m)^implementation:.*$", ""));

        assertThat(run("list")).isZero();
        assertThat(out).contains("fencing-token").doesNotContain("bulkhead");
        assertThat(err).contains("Skipped kata bulkhead", "Skipped kata lease-claim", "names no implementation class")
                .doesNotContain("internal error");
        assertThat(run("progress")).isZero();
        assertThat(run("check", "lease-claim")).isEqualTo(2);
        assertThat(err).contains("names no implementation class").doesNotContain("Exception");
    }

    @Test
    void aMistypedKataGetsADidYouMean() {
        assertThat(run("show", "fencing-tokn")).isEqualTo(2);
        assertThat(err).contains("No kata 'fencing-tokn'. Did you mean 'fencing-token'?");
    }

    @Test
    void fromAFolderThatDoesNotExistIsAUsageError() {
        assertThat(run("check", "fencing-token", "--from", dir.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err).contains("does not exist");
    }

    @Test
    void referenceAndFromCannotBeCombined() {
        assertThat(run("check", "fencing-token", "--reference", "--from", "x")).isEqualTo(2);
    }

    @Test
    void doctorSaysWhichBackendAndNeverPrintsAPassword() {
        assertThat(run("doctor", "--jdbc-url", Pipelines.JDBC_URL + "&password=hunter2")).isZero();
        assertThat(out).contains("java", "--jdbc-url was given", "PostgreSQL", "docker").doesNotContain("hunter2");
    }

    @Test
    void progressCountsPassedKatas() throws Exception {
        run("progress", "--json");
        JsonNode json = Json.json().readTree(out);
        assertThat(json.get("katasPassed").asInt()).isZero();
        assertThat(json.get("katasTotal").asInt()).isEqualTo(app.catalog().katas().size()).isPositive();
    }
}
