package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.app.DrillService;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.repl.TerminalConsole;
import dev.lockdrill.speech.SpeechTools;
import dev.lockdrill.support.Json;
import dev.lockdrill.testing.DrillRig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Spoken answers end to end: an answer synthesized by espeak-ng, judged with `drill --answer-audio`,
 * transcribed by PocketSphinx, its points heard shown beside the self-grade and kept; `drill history`
 * after a restart; and a machine without the tools, where the drill is what it was.
 */
class SpokenDrillTest {
    private static final String OFF_TOPIC = "Last weekend I drove to the coast with my sister. We walked along the "
            + "beach, ate fish and chips in a small cafe, and watched the sun go down behind the cliffs. On Sunday "
            + "it rained, so we stayed inside, played cards, read novels and cooked a big pot of soup with carrots, "
            + "onions and beans before the long drive home.";

    /** An answer to fencing-token making each of its five points, short enough to decode in seconds. */
    private static final String FULL = "A fencing token is a number that increases with every lock grant. The storage "
            + "rejects any write whose token is lower than the highest it has accepted. Client one gets thirty three "
            + "and pauses, client two gets thirty four and writes. Fencing gives ordering, not exclusion. ZooKeeper's "
            + "zxid or a database sequence can be the token.";

    @TempDir
    Path state;

    private DrillRig rig() {
        return new DrillRig(Path.of("").toAbsolutePath(), state);
    }

    @Test
    void aRecordedAnswerIsHeardPointByPointKeptAndShownInTheHistoryAfterARestart() throws Exception {
        assumeSpeech();
        DrillRig rig = rig();
        Path full = synthesize(FULL, "full.wav");

        DrillRig.Run run = rig.run("y\ny\ny\ny\ny\n3\n", "drill", "fencing-token", "--answer-audio", full.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("Your recorded answer is", "Listening to your answer (offline)",
                "recording: heard at", "Recorded Good for fencing-token");
        DrillReview review = rig.app().state().read().drill("fencing-token").reviews().get(0);
        assertThat(review.rubricPoints()).isEqualTo(5);
        assertThat(review.pointsHeard()).as(run.terminal()).isGreaterThanOrEqualTo(4);
        assertThat(review.recording()).isNotNull();
        Path kept = state.resolve("answers/fencing-token/" + review.recording() + ".wav");
        assertThat(kept).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        assertThat(Files.readString(state.resolve("answers/fencing-token/" + review.recording() + ".json")))
                .contains("\"transcript\"", "\"rating\" : 3");

        DrillRig.Run history = rig.run("", "drill", "history", "fencing-token");
        assertThat(history.code()).as(history.err()).isZero();
        assertThat(history.out()).contains("1  2026-03-02 09:00", "Good", review.pointsHeard() + "/5",
                "points heard:", "Transcript: “", "--play N");
        DrillRig.Run json = rig.run("", "drill", "history", "fencing-token", "--json");
        assertThat(Json.json().readTree(json.out()).get("answers").get(0).get("heard")).hasSize(5);
    }

    @Test
    void aLiveAnswerIsRecordedWhileTheCountdownRunsAndCanBePlayedBack() throws Exception {
        assumeSpeech();
        Path said = synthesize(FULL, "said.wav");
        Path played = state.resolve("played");
        // a recorder that "hears" the synthesized answer and stops on SIGTERM, as rec and arecord do
        Path started = state.resolve("recording");
        Path rec = script("rec", "trap 'exit 0' TERM\nfor a; do out=\"$a\"; done\ncp '" + said + "' \"$out\"\n"
                + "touch '" + started + "'\nwhile :; do sleep 0.05; done\n");
        Path play = script("play", "echo \"$2\" >> '" + played + "'\n");
        SpeechTools machine = SpeechTools.detect(System.getenv());
        SpeechTools withMicrophone = new SpeechTools(java.util.Optional.of(rec), java.util.Optional.of(play),
                machine.sox(), machine.recognizer(), machine.model(), true, true);
        DrillRig rig = rig().speech(withMicrophone);

        // Enter only once the recorder has started: a learner answers while it records
        DrillRig.Run run = rig.run("\ny\nn\ny\ny\ny\ny\ny\n3\n", afterRecordingStarts(started),
                "drill", "fencing-token");

        assertThat(run.code()).as(run.err() + run.terminal()).isZero();
        assertThat(run.terminal()).contains("Answer aloud, then press Enter.", "Listening to your answer",
                "Play your answer back? [y/N]", "recording: heard at").doesNotContain("not recorded");
        DrillReview review = rig.app().state().read().drill("fencing-token").reviews().get(0);
        assertThat(review.pointsHeard()).as(run.terminal()).isGreaterThanOrEqualTo(4);
        Path kept = state.resolve("answers/fencing-token/" + review.recording() + ".wav");
        assertThat(Files.readAllBytes(kept)).isEqualTo(Files.readAllBytes(said));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kept))).isEqualTo("rw-------");
        assertThat(Files.readString(played).strip()).isEqualTo(kept.toString());
    }

    @Test
    void aRecorderThatWroteNoSoundKeepsNothingAndOffersNoPlayBack() throws Exception {
        Path rec = script("rec", "exit 0\n");
        Path play = script("play", "exit 0\n");
        SpeechTools machine = SpeechTools.detect(System.getenv());
        DrillRig rig = rig().speech(new SpeechTools(java.util.Optional.of(rec), java.util.Optional.of(play),
                machine.sox(), machine.recognizer(), machine.model(), true, true));

        DrillRig.Run run = rig.run("\ny\ny\ny\ny\ny\n3\n", "drill", "fencing-token");

        assertThat(run.code()).as(run.err() + run.terminal()).isZero();
        assertThat(run.terminal()).contains("Nothing was recorded: the recorder wrote no sound")
                .doesNotContain("Play your answer back?", "recording: ");
        assertThat(rig.app().state().read().drill("fencing-token").reviews().get(0).recording()).isNull();
        assertThat(state.resolve("answers/fencing-token")).isEmptyDirectory();
    }

    /** Keys are read only once {@code marker} exists (the fake recorder has started), at most 10 s later. */
    private static java.util.function.UnaryOperator<dev.lockdrill.drill.DrillConsole> afterRecordingStarts(Path marker) {
        return inner -> new dev.lockdrill.drill.DrillConsole() {
            @Override
            public java.io.PrintWriter out() {
                return inner.out();
            }

            @Override
            public String readLine(String prompt) {
                return inner.readLine(prompt);
            }

            @Override
            public int readKey(long timeoutMillis) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                try {
                    while (!Files.exists(marker) && System.nanoTime() < deadline) {
                        Thread.sleep(10);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return inner.readKey(timeoutMillis);
            }

            @Override
            public void keys(boolean on) {
                inner.keys(on);
            }

            @Override
            public boolean hasStatusLine() {
                return inner.hasStatusLine();
            }

            @Override
            public void status(String text) {
                inner.status(text);
            }

            @Override
            public void clearStatus() {
                inner.clearStatus();
            }

            @Override
            public boolean color() {
                return false;
            }
        };
    }

    private Path script(String name, String body) throws Exception {
        Path bin = Files.createDirectories(state.resolve("bin"));
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    @Test
    void anOffTopicAnswerHearsAlmostNothing() throws Exception {
        assumeSpeech();
        DrillRig rig = rig();
        Path off = synthesize(OFF_TOPIC, "off.wav");

        DrillRig.Run run = rig.run("n\nn\nn\nn\nn\n1\n", "drill", "fencing-token", "--answer-audio", off.toString());

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(rig.app().state().read().drill("fencing-token").reviews().get(0).pointsHeard())
                .as(run.terminal()).isLessThanOrEqualTo(1);
    }

    @Test
    void withoutTheToolsTheDrillIsWhatItWasAndSaysWhatIsMissingOncePerSession() {
        DrillRig rig = rig().speech(SpeechTools.detect(Map.of("PATH", state.toString())));
        AppContext app = rig.app();
        DrillService drills = new DrillService(app);
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        String input = "\ny\ny\ny\ny\ny\n3\n" + "\ny\ny\ny\ny\ny\n3\n";
        try (TerminalConsole console = TerminalConsole.dumb(new ByteArrayInputStream(
                input.getBytes(StandardCharsets.UTF_8)), screen)) {
            for (int i = 0; i < 2; i++) {
                drills.practise(drills.catalog().card("fencing-token"), Duration.ofSeconds(90), false, null, console,
                        false);
            }
        }
        String terminal = screen.toString(StandardCharsets.UTF_8);
        assertThat(terminal.split("Your answer is not recorded", -1)).hasSize(2);
        assertThat(terminal).contains("apt-get install sox pocketsphinx pocketsphinx-en-us",
                "Answer aloud, then press Enter.").doesNotContain("recording:");
        List<DrillReview> reviews = app.state().read().drill("fencing-token").reviews();
        assertThat(reviews).hasSize(2).allSatisfy(r -> assertThat(r.recording()).isNull());
    }

    @Test
    void aBadRecordingIsOneSentenceAndExitTwo() throws Exception {
        DrillRig rig = rig();
        DrillRig.Run missing = rig.run("", "drill", "fencing-token", "--answer-audio", state.resolve("nope.wav")
                .toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("is not a readable file.").doesNotContain("Exception");

        Path text = Files.writeString(state.resolve("notes.wav"), "not audio at all");
        DrillRig.Run notWav = rig.run("", "drill", "fencing-token", "--answer-audio", text.toString());
        assertThat(notWav.code()).isEqualTo(2);
        assertThat(notWav.err()).contains("is not a WAV recording lockdrill can read").doesNotContain("Exception");

        DrillRig.Run both = rig.run("", "drill", "fencing-token", "--type", "--answer-audio", text.toString());
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("cannot be used together");

        Path wav = silence(state.resolve("silence.wav"));
        DrillRig.Run noRecognizer = rig().speech(SpeechTools.detect(Map.of("PATH", state.toString())))
                .run("", "drill", "fencing-token", "--answer-audio", wav.toString());
        assertThat(noRecognizer.code()).isEqualTo(2);
        assertThat(noRecognizer.err()).contains("needs the offline recognizer").doesNotContain("Exception");
    }

    @Test
    void aCardWithNoAnswersSaysHowToPractiseIt() {
        DrillRig.Run run = rig().run("", "drill", "history", "lease");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("No answers yet. `lockdrill drill lease` practises it.");
        DrillRig.Run play = rig().run("", "drill", "history", "lease", "--play", "1");
        assertThat(play.code()).isEqualTo(2);
        assertThat(play.err()).contains("--play takes the number of an answer");
    }

    /** A WAV of half a second of silence, written by the JDK (no sox needed). */
    private static Path silence(Path file) throws Exception {
        javax.sound.sampled.AudioFormat format = new javax.sound.sampled.AudioFormat(16000, 16, 1, true, false);
        byte[] pcm = new byte[16000];
        try (javax.sound.sampled.AudioInputStream in = new javax.sound.sampled.AudioInputStream(
                new ByteArrayInputStream(pcm), format, pcm.length / 2)) {
            javax.sound.sampled.AudioSystem.write(in, javax.sound.sampled.AudioFileFormat.Type.WAVE, file.toFile());
        }
        return file;
    }

    private Path synthesize(String text, String name) throws Exception {
        Path wav = state.resolve(name);
        Process espeak = new ProcessBuilder("espeak-ng", "-v", "en-us", "-s", "140", "-p", "30", "-w", wav.toString(),
                text).redirectErrorStream(true).start();
        espeak.getInputStream().readAllBytes();
        assertThat(espeak.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(espeak.exitValue()).isZero();
        return wav;
    }

    /** The recognizer and espeak-ng are installed by .ci/run; elsewhere these tests say they were skipped. */
    private static void assumeSpeech() {
        SpeechTools tools = SpeechTools.detect(System.getenv());
        assumeTrue(tools.canTranscribe() && onPath("espeak-ng"),
                "needs espeak-ng, pocketsphinx and pocketsphinx-en-us (" + "apt-get install espeak-ng sox "
                        + "pocketsphinx pocketsphinx-en-us)");
    }

    private static boolean onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir.isEmpty() ? "." : dir, name))) {
                return true;
            }
        }
        return false;
    }
}
