package dev.lockdrill.cli;

import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.progress.DrillProgress;
import dev.lockdrill.progress.DrillReview;
import dev.lockdrill.progress.ReviewState;
import dev.lockdrill.support.Json;
import dev.lockdrill.testing.DrillRig;
import dev.lockdrill.testing.MutableClock;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** `drill` driven through a JLine dumb terminal: prompt, Enter, grades, rating, state written. */
class DrillCommandTest {
    private static final String ALL_YES_BUT_SECOND = "y\nn\ny\ny\ny\n";

    @TempDir
    Path state;

    private DrillRig rig() {
        return new DrillRig(Path.of("").toAbsolutePath(), state);
    }

    @Test
    void aSpokenAnswerIsGradedPointByPointAndScheduled() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\n" + ALL_YES_BUT_SECOND + "3\n", "drill", "fencing-token");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("Explain fencing tokens", "You have 1:30. Answer aloud, then press Enter.",
                "Answered in 0:00, 1:30 left.", "1/5  A fencing token is a number", "5/5  Real token sources",
                "You covered 73% of the rubric", "Model answer", "Sources", "Kleppmann",
                "Recorded Good for fencing-token; next review in 10 min.");
        assertThat(run.terminal().indexOf("Explain fencing tokens"))
                .isLessThan(run.terminal().indexOf("1/5")).isLessThan(run.terminal().indexOf("Model answer"));
        DrillProgress progress = rig.app().state().read().drill("fencing-token");
        assertThat(progress.reviews()).hasSize(1);
        DrillReview review = progress.reviews().get(0);
        assertThat(review.rating()).isEqualTo(3);
        assertThat(review.missed()).containsExactly("The storage (the resource), not the client, checks the token and "
                + "rejects any write whose token is lower than the highest it has accepted, "
                + "in the same atomic step as the write");
        assertThat(review.typedAnswer()).isNull();
        assertThat(review.timedOut()).isFalse();
        assertThat(progress.schedule().state()).isEqualTo(ReviewState.LEARNING);
        assertThat(progress.schedule().dueAt(DrillRig.START)).isEqualTo(DrillRig.START.plus(Duration.ofMinutes(10)));
    }

    @Test
    void aTypedAnswerIsKeptAndEachPointShowsWhichKeywordsItMentions() {
        DrillRig rig = rig();
        String answer = "The storage rejects stale tokens; tokens are monotonic.";
        DrillRig.Run run = rig.run(answer + "\n\n" + "y\ny\nn\nn\nn\n" + "\n", "drill", "fencing-token", "--type");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("Type your answer; an empty line ends it.", "[1:30] > ",
                "hint: your answer mentions monoton", "hint: your answer mentions storage, reject, stale",
                "hint: none of 33, 34, paus, late write, gc appears in your answer",
                "[Enter = 2 Hard]", "Recorded Hard for fencing-token");
        DrillReview review = rig.app().state().read().drill("fencing-token").reviews().get(0);
        assertThat(review.typedAnswer()).isEqualTo(answer);
        assertThat(review.rating()).isEqualTo(2);
        assertThat(review.score()).isCloseTo(6.0 / 11, within(1e-9));
    }

    @Test
    void theSpokenCoreComesFirstAndTheRestOnlyWhenAskedFor() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\n" + ALL_YES_BUT_SECOND + "m\n3\n", "drill", "fencing-token");

        assertThat(run.code()).as(run.err()).isZero();
        String screen = run.terminal();
        assertThat(screen).contains("Model answer, the spoken core", "words a minute)", "If pressed",
                "Recorded Good for fencing-token");
        assertThat(screen.indexOf("Model answer, the spoken core")).isLessThan(screen.indexOf("Follow-ups"));
        assertThat(screen.indexOf("Follow-ups")).isLessThan(screen.indexOf("If pressed"));
        assertThat(rig.run("\n" + ALL_YES_BUT_SECOND + "3\n", "drill", "fencing-token").terminal())
                .doesNotContain("If pressed");
    }

    @Test
    void jsonCarriesTheSpokenCoreAndWhatToAddIfPressedAndRecordsNothing() throws Exception {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("", "drill", "fencing-token", "--json");

        assertThat(run.code()).as(run.err()).isZero();
        var json = Json.json().readTree(run.out());
        assertThat(json.get("id").asText()).isEqualTo("fencing-token");
        assertThat(json.get("core").asText()).isNotBlank();
        assertThat(json.get("ifPressed").asText()).isNotBlank();
        assertThat(json.get("coreWords").asInt()).isPositive().isLessThanOrEqualTo(json.get("timeLimitSeconds").asInt()
                * 150 / 60);
        assertThat(json.get("rubric")).hasSize(5);
        assertThat(rig.app().state().read().drills()).isEmpty();
    }

    @Test
    void whenTimeRunsOutTheDrillSaysSoAndRecordsIt() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("n\nn\nn\nn\nn\n1\n", waitingAdvances(rig.clock), "drill", "fencing-token",
                "--seconds", "3");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("You have 0:03.", "Time is up: 0:03 used.", "Recorded Again");
        DrillReview review = rig.app().state().read().drill("fencing-token").reviews().get(0);
        assertThat(review.timedOut()).isTrue();
        assertThat(review.answerSeconds()).isEqualTo(3);
        assertThat(review.missed()).hasSize(5);
    }

    @Test
    void secondsOverrideTheCardWithoutAnyCap() {
        DrillRig.Run run = rig().run("\n" + ALL_YES_BUT_SECOND + "3\n", "drill", "fencing-token", "--seconds", "7200");
        assertThat(run.terminal()).contains("You have 120:00.", "Answered in 0:00, 120:00 left.");
    }

    @Test
    void nonPositiveSecondsAreAUsageError() {
        DrillRig.Run run = rig().run("", "drill", "fencing-token", "--seconds", "0");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("--seconds must be a positive number of seconds, but was 0.");
    }

    @Test
    void inputEndingBeforeTheGradeRecordsNothing() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\ny\n", "drill", "fencing-token");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("nothing was recorded");
        assertThat(rig.app().state().read().drills()).isEmpty();
    }

    @Test
    void anUnknownDrillSaysWhereTheDrillsAreListed() {
        DrillRig.Run run = rig().run("", "drill", "no-such-drill");
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("No drill 'no-such-drill'. `lockdrill list` shows the ");
    }

    @Test
    void withoutAnIdACardPulledForwardByAFailedCheckComesFirst() {
        DrillRig rig = rig();
        rig.run("\n" + "y\ny\ny\ny\n" + "4\n", "drill", "lease");
        rig.clock.advance(Duration.ofMinutes(5));
        rig.app().state().update(s -> s.withDrillsDue(List.of("lease"), rig.clock.instant(),
                "the lease-claim check failed"));

        DrillRig.Run run = rig.run("\n" + "y\ny\ny\ny\n" + "3\n", "drill");
        assertThat(run.terminal()).contains("Leases are time-bounded locks", "Recorded Good for lease");
    }

    @Test
    void theReplRunsTheSameDrillThroughItsOwnTerminal() throws Exception {
        DrillRig rig = rig();
        byte[] input = ("drill lease\n\n" + "y\ny\nn\ny\n" + "4\nquit\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (DumbTerminal terminal = new DumbTerminal(new ByteArrayInputStream(input), screen)) {
            assertThat(ReplLauncher.run(terminal, rig::app, state.resolve("history"))).isZero();
            terminal.writer().flush();
        }
        assertThat(screen.toString(StandardCharsets.UTF_8))
                .contains("Leases are time-bounded locks", "4/4", "Recorded Easy for lease", "bye");
        assertThat(rig.app().state().read().drill("lease").reviews()).hasSize(1);
    }

    @Test
    void onATerminalWithSingleKeysEachGradeAndTheRatingIsOneKeyWithoutEnter() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\r" + "ynyyy" + "m3", DrillCommandTest::singleKeys, "drill", "fencing-token");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("1/5  A fencing token", "covered? [y/n] y\n", "covered? [y/n] n\n",
                "Press m at the rating", "[Enter = 2 Hard] m\n", "If pressed", "[Enter = 2 Hard] 3\n",
                "Recorded Good for fencing-token").doesNotContain("Please answer");
        DrillReview review = rig.app().state().read().drill("fencing-token").reviews().get(0);
        assertThat(review.rating()).isEqualTo(3);
        assertThat(review.missed()).hasSize(1).allMatch(point -> point.startsWith("The storage (the resource)"));
    }

    @Test
    void enterAtTheOneKeyRatingTakesTheSuggestionAndOtherKeysAskAgain() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\r" + "yxyyyy" + "\r", DrillCommandTest::singleKeys, "drill", "fencing-token");

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.terminal()).contains("covered? [y/n] x\n      Please answer y or n.",
                "[Enter = 4 Easy] 4 Easy\n", "Recorded Easy for fencing-token");
    }

    @Test
    void ctrlCAtAOneKeyGradeStopsTheDrillAndRecordsNothing() {
        DrillRig rig = rig();
        DrillRig.Run run = rig.run("\r" + "yn\u0003" + "yyy3", DrillCommandTest::singleKeys, "drill", "fencing-token");

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("The drill stopped before it was graded (Ctrl-C, or the input ended); "
                + "nothing was recorded.");
        assertThat(rig.app().state().read().drills()).isEmpty();
    }

    /** The dumb terminal's input read key by key, as a real terminal in raw mode delivers it. */
    private static DrillConsole singleKeys(DrillConsole inner) {
        return new DrillConsole() {
            @Override
            public PrintWriter out() {
                return inner.out();
            }

            @Override
            public String readLine(String prompt) {
                throw new AssertionError("a line was read on a terminal with single keys: " + prompt);
            }

            @Override
            public int readKey(long timeoutMillis) {
                return inner.readKey(timeoutMillis);
            }

            @Override
            public void keys(boolean on) {
                inner.keys(on);
            }

            @Override
            public boolean singleKeys() {
                return true;
            }

            @Override
            public boolean hasStatusLine() {
                return false;
            }

            @Override
            public void status(String text) {
            }

            @Override
            public void clearStatus() {
            }

            @Override
            public boolean color() {
                return false;
            }

            @Override
            public int width() {
                return inner.width();
            }
        };
    }

    @Test
    void atEightyColumnsNoLineIsWiderAndNoWordIsBroken() {
        DrillRig.Run run = rig().width(80).run("\n" + ALL_YES_BUT_SECOND + "3\n", "drill", "fencing-token");

        assertThat(run.code()).as(run.err()).isZero();
        // a dumb terminal does not echo the y/n typed after a prompt: the next line follows the prompt on screen
        String screen = run.terminal().replace("[y/n] ", "[y/n]\n").replaceAll("(\\[Enter = [^]]*\\]) ", "$1\n");
        assertThat(screen.lines()).allSatisfy(line -> assertThat(line.codePointCount(0, line.length()) <= 80
                || !line.strip().contains(" ")).as("wider than 80 and breakable: %s", line).isTrue());
        assertThat(screen).contains("Practise it in code: lockdrill show fencing-token, lockdrill show\n  pg-lock-service");
    }

    /** A console whose waits for a key pass on the fake clock and find no key. */
    private static UnaryOperator<DrillConsole> waitingAdvances(MutableClock clock) {
        return inner -> new DrillConsole() {
            @Override
            public PrintWriter out() {
                return inner.out();
            }

            @Override
            public String readLine(String prompt) {
                return inner.readLine(prompt);
            }

            @Override
            public int readKey(long timeoutMillis) {
                clock.advance(Duration.ofMillis(timeoutMillis));
                return TIMEOUT;
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
}
