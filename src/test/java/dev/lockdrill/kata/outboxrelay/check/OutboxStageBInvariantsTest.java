package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.kata.outboxrelay.protocol.RelayBatch;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static org.assertj.core.api.Assertions.assertThat;

class OutboxStageBInvariantsTest {

    @Test
    void callThatPublishesMoreEventsThanMaxFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1).tx("b", true, 0, 1)
                .call("relay-1", 1, RelayBatch.UNKNOWN, 2, 2, 10)
                .publish("relay-1", "a", 3, 4).publish("relay-1", "b", 5, 6)
                .build();
        InvariantResult result = new RelayBatchHonoursMax().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("relayBatch(1)").contains("published 2 different events");
    }

    @Test
    void republishingOneEventTwiceInACallCountsOnceAgainstMax() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .call("relay-1", 1, RelayBatch.UNKNOWN, 1, 2, 10)
                .unacknowledged("relay-1", "a", 3, 4).publish("relay-1", "a", 5, 6)
                .build();
        assertPass(new RelayBatchHonoursMax().check(history));
    }

    @Test
    void callReturningMoreThanTheBrokerConfirmedFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1).tx("b", true, 0, 1)
                .call("relay-1", 4, RelayBatch.UNKNOWN, 2, 2, 10)
                .publish("relay-1", "a", 3, 4).unacknowledged("relay-1", "b", 5, 6)
                .build();
        InvariantResult result = new RelayBatchHonoursMax().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("returned 2").contains("confirmed 1");
    }

    @Test
    void quietCallThatPublishesNothingWhileEventsArePendingFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .call("relay-1", 1, 1, 0, 2, 10)
                .build();
        InvariantResult result = new RelayBatchHonoursMax().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("published nothing").contains("1 committed event(s)");
    }

    @Test
    void quietCallWithNothingPendingMayReturnZero() {
        History history = new OutboxHistory()
                .call("relay-1", 3, 0, 0, 2, 10)
                .build();
        assertPass(new RelayBatchHonoursMax().check(history));
    }

    @Test
    void noRelayCallIsNotExercised() {
        assertThat(new RelayBatchHonoursMax().check(new OutboxHistory().build()).verdict())
                .isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new CallsEndDuringOutage().check(new OutboxHistory().build()).verdict())
                .isEqualTo(Verdict.NOT_EXERCISED);
    }

    @Test
    void runThatPublishedNothingLeavesThePublicationInvariantsNotExercised() {
        History history = new OutboxHistory()
                .tx("a", false, 0, 1)
                .batch("relay-1", 2, 5, Outcome.OK)
                .build();
        for (Invariant invariant : List.of(new DuplicatesKeepEventId(),
                new NoDuplicatesWithoutFault(), new PublishedEventsMarked(), new RelaysProgressConcurrently(),
                new CommittedEventsPublished())) {
            assertThat(invariant.check(history).verdict()).as(invariant.name()).isEqualTo(Verdict.NOT_EXERCISED);
        }
        assertPass(new RolledBackNeverPublished().check(history));
    }

    @Test
    void callThatWaitsTheOutageOutFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 60, Outcome.OK)
                .refused("relay-1", "a", 3, 4).refused("relay-1", "a", 10, 11).publish("relay-1", "a", 55, 56)
                .fault(Faults.OUTAGE, "relay-1", 2, 50)
                .build();
        InvariantResult result = new CallsEndDuringOutage().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("waited the outage out");
    }

    @Test
    void callsThatEndWhileTheBrokerIsDownPass() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 5, Outcome.INFO).refused("relay-1", "a", 3, 4)
                .batch("relay-1", 6, 9, Outcome.INFO).refused("relay-1", "a", 7, 8)
                .fault(Faults.OUTAGE, "relay-1", 2, 10)
                .batch("relay-1", 11, 14, Outcome.OK).publish("relay-1", "a", 12, 13)
                .build();
        assertPass(new CallsEndDuringOutage().check(history));
        assertPass(OutboxRelayInvariants.noUnexpectedErrors().check(history));
    }

    /**
     * On a busy machine a call can still be claiming when the outage's cap passes; the broker then
     * accepts what it publishes. That call never met the outage, so ending after it is no fault; a call
     * refused inside the outage that ends after it still fails.
     */
    @Test
    void aCallThatOverlapsTheOutageButWasRefusedNothingIsNotJudged() {
        History overlapped = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 45, 60, Outcome.OK).publish("relay-1", "a", 55, 56)
                .fault(Faults.OUTAGE, "relay-1", 2, 50)
                .build();
        assertThat(new CallsEndDuringOutage().check(overlapped).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        History refusedByAnother = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 45, 60, Outcome.OK).publish("relay-1", "a", 55, 56)
                .refused("relay-2", "a", 46, 47)
                .fault(Faults.OUTAGE, "relay-1", 2, 50)
                .build();
        assertThat(new CallsEndDuringOutage().check(refusedByAnother).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        History refused = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 45, 60, Outcome.OK).refused("relay-1", "a", 46, 47).publish("relay-1", "a", 55, 56)
                .fault(Faults.OUTAGE, "relay-1", 2, 50)
                .build();
        assertThat(new CallsEndDuringOutage().check(refused).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void thirdPublicationAfterACleanSecondOneFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 10, Outcome.INFO).publish("relay-1", "a", 3, 4).fault(Faults.KILL, "relay-1", 4, 5)
                .batch("relay-1", 11, 14, Outcome.OK).publish("relay-1", "a", 12, 13)
                .batch("relay-2", 15, 18, Outcome.OK).publish("relay-2", "a", 16, 17)
                .build();
        InvariantResult result = new NoDuplicatesWithoutFault().check(history);
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.evidence().get(0).text()).contains("at 12.0 ms").contains("relay-2 published");
    }

    @Test
    void republishAfterALostAcknowledgementIsExcused() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 10, Outcome.INFO).unacknowledged("relay-1", "a", 3, 4)
                .fault(OutboxFaults.ACK_LOST, "relay-1", 3, 3)
                .batch("relay-1", 11, 14, Outcome.OK).publish("relay-1", "a", 12, 13)
                .row("a", true)
                .build();
        assertPass(new NoDuplicatesWithoutFault().check(history));
        assertPass(OutboxRelayInvariants.noUnexpectedErrors().check(history));
    }

    @Test
    void crashedRelaysCallIsExcusedAndItsEventsMustStillGoOut() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 30, Outcome.INFO)
                .fault(Faults.CRASH, "relay-1", 3, 20)
                .row("a", true)
                .build();
        assertPass(OutboxRelayInvariants.noUnexpectedErrors().check(history));
        InvariantResult lost = new CommittedEventsPublished().check(history);
        assertThat(lost.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(lost.evidence().get(0).text()).contains("marked as published");
    }

    @Test
    void unexpectedErrorWithoutAnyFaultStillFails() {
        History history = new OutboxHistory()
                .tx("a", true, 0, 1)
                .batch("relay-1", 2, 30, Outcome.INFO)
                .fault(Faults.CRASH, "relay-2", 3, 20)
                .build();
        assertThat(OutboxRelayInvariants.noUnexpectedErrors().check(history).verdict()).isEqualTo(Verdict.FAIL);
    }
}
