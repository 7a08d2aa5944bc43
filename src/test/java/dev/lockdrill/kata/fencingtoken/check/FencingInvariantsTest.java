package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import org.junit.jupiter.api.Test;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static org.assertj.core.api.Assertions.assertThat;

class FencingInvariantsTest {

    /** The Kleppmann story with a correct store: 34 accepted, then 33 rejected. */
    private static FencingHistory fencedStory() {
        FencingHistory h = new FencingHistory().scenario("paused-holder");
        h.acquire("worker-1", 33, 150, 0, 1);
        h.fault("pause", "worker-1", 1, 300, "worker-1 paused 299 ms holding token 33");
        h.acquire("worker-2", 34, 150, 2, 160);
        h.accepted("worker-2", "k", 34, "two", 161, 165);
        h.stored("k", null, 34, "two", "worker-2");
        h.rejected("worker-1", "k", 33, "one", 301, 305);
        h.read("worker-2", "k", "two", 34, 310);
        return h.finalRow("k", "two", 34);
    }

    /** The same story with a store that trusts the lock: 33 overwrites 34. */
    private static FencingHistory unfencedStory() {
        FencingHistory h = new FencingHistory().scenario("paused-holder");
        h.acquire("worker-1", 33, 150, 0, 1);
        h.fault("pause", "worker-1", 1, 300, "worker-1 paused 299 ms holding token 33");
        h.acquire("worker-2", 34, 150, 2, 160);
        h.accepted("worker-2", "k", 34, "two", 161, 165);
        h.stored("k", null, 34, "two", "worker-2");
        h.accepted("worker-1", "k", 33, "one", 301, 305);
        h.stored("k", 34L, 33, "one", "worker-1");
        h.read("worker-2", "k", "one", 33, 310);
        return h.finalRow("k", "one", 33);
    }

    @Test
    void staleWriteRejectedPassesWhenThePausedHolderIsRefused() {
        assertThat(new StaleWriteRejected().check(fencedStory().build()).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void staleWriteRejectedTellsThePausedHolderStory() {
        InvariantResult result = new StaleWriteRejected().check(unfencedStory().build());

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).extracting(e -> e.text()).containsExactly(
                "worker-1 took token 33 with a 150 ms lease",
                "worker-1 paused 299 ms holding token 33",
                "worker-2 took token 34 after that lease expired",
                "worker-2 wrote \"two\" to k with token 34 at 161.0 ms: ACCEPTED",
                "worker-1 wrote \"one\" to k with token 33 at 301.0 ms: ACCEPTED — token 33 is stale: token 34 was "
                        + "already written");
    }

    @Test
    void staleWriteRejectedIgnoresConcurrentWritesWhoseOrderIsUnknown() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 5, "five", 0, 10);
        h.accepted("worker-2", "k", 4, "four", 5, 12);
        h.stored("k", null, 4, "four", "worker-2").stored("k", 4L, 5, "five", "worker-1");
        h.finalRow("k", "five", 5);

        assertThat(new StaleWriteRejected().check(h.build()).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void monotonicTokensFailWhenTheAuditTrailGoesDown() {
        InvariantResult result = new AcceptedTokensMonotonic().check(unfencedStory().build());

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("storage applied token 33", "after token 34",
                "from worker-1", "from worker-2");
        assertThat(result.evidence().get(0).opIds()).as("the lower write, the violation").hasSize(1);
        assertThat(result.evidence().get(0).contextIds()).as("the higher write it overwrote").hasSize(1);
    }

    @Test
    void monotonicTokensPassForAnIncreasingAuditTrail() {
        assertPass(new AcceptedTokensMonotonic().check(fencedStory().build()));
    }

    @Test
    void freshWriteAcceptedFailsWhenTheCurrentHolderIsRejected() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 9, "nine", 0, 1);
        h.stored("k", null, 9, "nine", "worker-1");
        h.rejected("worker-1", "k", 10, "ten", 2, 3);
        h.finalRow("k", "nine", 9);

        InvariantResult result = new FreshWriteAccepted().check(h.build());

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("token 10", "REJECTED", "highest accepted so far: 9");
    }

    @Test
    void freshWriteAcceptedExcusesARejectionAfterAnUnknownHigherWrite() {
        FencingHistory h = new FencingHistory();
        h.unknown("worker-2", "k", 11, "eleven", 0, 5);
        h.rejected("worker-1", "k", 10, "ten", 2, 6);

        assertPass(new FreshWriteAccepted().check(h.build()));
    }

    @Test
    void retryOfAnAcceptedWriteMustBeAccepted() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 10, "ten", 0, 1);
        h.stored("k", null, 10, "ten", "worker-1");
        h.rejected("worker-1", "k", 10, "ten", 2, 3);

        assertThat(new RetryIsIdempotent().check(h.build()).verdict()).isEqualTo(Verdict.FAIL);
        assertPass(new FreshWriteAccepted().check(h.build()), "retries are judged once");
    }

    @Test
    void retryRejectedAfterAHigherTokenIsFine() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 10, "ten", 0, 1);
        h.accepted("worker-2", "k", 11, "eleven", 1, 2);
        h.rejected("worker-1", "k", 10, "ten", 3, 4);

        assertPass(new RetryIsIdempotent().check(h.build()));
    }

    @Test
    void outcomeMustMatchTheStorage() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 3, "three", 0, 1);
        h.rejected("worker-1", "k", 4, "four", 2, 3);
        h.stored("k", null, 4, "four", "worker-1");

        InvariantResult result = new OutcomeMatchesStorage().check(h.build());

        assertThat(result.evidence()).extracting(e -> e.text()).anySatisfy(t -> assertThat(t).contains(
                "token 3", "never applied")).anySatisfy(t -> assertThat(t).contains("token 4", "applied it anyway"));
    }

    @Test
    void finalValueMustBeTheHighestAcceptedAndReadMustAgree() {
        assertPass(new FinalValueIsLastAccepted().check(fencedStory().build()));
        InvariantResult result = new FinalValueIsLastAccepted().check(unfencedStory().build());
        assertThat(result.evidence().get(0).text()).contains("ends with token 33", "highest accepted token was 34");
    }

    @Test
    void finalValueCountsAnUnknownWriteThatTheStorageApplied() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 1, "one", 0, 1);
        h.stored("k", null, 1, "one", "worker-1");
        h.unknown("worker-2", "k", 2, "two", 2, 3);
        h.stored("k", 1L, 2, "two", "worker-2");
        h.finalRow("k", "two", 2);

        assertPass(new FinalValueIsLastAccepted().check(h.build()));
    }

    @Test
    void killedConnectionMustBeSurvived() {
        FencingHistory h = new FencingHistory().scenario("killed-mid-write");
        h.fault("kill", "worker-3", 0, 50, "pg_terminate_backend(42) killed worker-3's session");
        h.unknown("worker-3", "k", 7, "seven", 1, 49);
        h.unknown("worker-3", "k", 7, "seven", 60, 61);

        InvariantResult dead = new SurvivesKilledConnection().check(h.build());
        assertThat(dead.verdict()).isEqualTo(Verdict.FAIL);

        h.accepted("worker-3", "k", 7, "seven", 70, 71);
        assertPass(new SurvivesKilledConnection().check(h.build()));
    }

    @Test
    void killThatDidNotLandMakesTheVerdictUnknown() {
        History history = new FencingHistory().scenario("killed-mid-write")
                .missedFault("kill", "worker-3", 0, 50, "the kill did not land").build();

        assertThat(new SurvivesKilledConnection().check(history).verdict()).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void errorsAreExcusedOnlyInsideAKillWindow() {
        FencingHistory h = new FencingHistory().scenario("killed-mid-write");
        h.fault("kill", "worker-3", 0, 50, "killed");
        h.unknown("worker-3", "k", 7, "seven", 1, 49);
        assertPass(FencingTokenInvariants.noUnexpectedErrors().check(h.build()));

        h.unknown("worker-4", "k", 8, "eight", 10, 20);
        InvariantResult result = FencingTokenInvariants.noUnexpectedErrors().check(h.build());
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence()).hasSize(1);
        assertThat(result.evidence().get(0).text()).contains("worker-4", "UNKNOWN");
    }

    @Test
    void sameTokenWithAnotherValueMustBeAccepted() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 100, "first", 0, 1);
        h.stored("k", null, 100, "first", "worker-1");
        h.rejected("worker-1", "k", 100, "second", 2, 3);
        InvariantResult result = new FreshWriteAccepted().check(h.build());
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("token 100", "REJECTED");
    }

    @Test
    void tokenTruncatedByTheStoreIsAnAcceptedWriteNeverApplied() {
        long wide = (1L << 31) + 1;
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", wide, "wide", 0, 1);
        h.stored("k", null, (int) wide, "wide", "worker-1");
        InvariantResult result = new OutcomeMatchesStorage().check(h.build());
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("never applied");
    }

    @Test
    void invariantsWithNothingToJudgeAreNotExercised() {
        FencingHistory h = new FencingHistory();
        h.accepted("worker-1", "k", 1, "one", 0, 1);
        h.stored("k", null, 1, "one", "worker-1");
        History history = h.build();
        assertThat(new RetryIsIdempotent().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new SurvivesKilledConnection().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new FreshWriteAccepted().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new StaleWriteRejected().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    /** A slow kill: calls that began and answered while it ran do not use up the first call after it. */
    @Test
    void callsDuringASlowKillDoNotUseUpTheFirstCallAfterIt() {
        FencingHistory h = new FencingHistory().scenario("killed-mid-write");
        h.fault("kill", "worker-3", 10, 90, "killed idle sessions");
        h.accepted("worker-3", "k", 5, "five", 20, 30);
        h.accepted("worker-3", "k", 6, "six", 40, 50);
        h.unknown("worker-3", "k", 7, "seven", 100, 101);
        assertPass(FencingTokenInvariants.noUnexpectedErrors().check(h.build()));
        h.unknown("worker-3", "k", 8, "eight", 110, 111);
        assertThat(FencingTokenInvariants.noUnexpectedErrors().check(h.build()).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void firstCallAfterAKillMayFailButNotTheSecond() {
        FencingHistory h = new FencingHistory().scenario("killed-mid-write");
        h.fault("kill", "worker-3", 10, 11, "killed idle sessions");
        h.unknown("worker-3", "k", 7, "seven", 20, 21);
        assertPass(FencingTokenInvariants.noUnexpectedErrors().check(h.build()));
        h.unknown("worker-3", "k", 7, "seven", 30, 31);
        assertThat(FencingTokenInvariants.noUnexpectedErrors().check(h.build()).verdict()).isEqualTo(Verdict.FAIL);
    }
}
