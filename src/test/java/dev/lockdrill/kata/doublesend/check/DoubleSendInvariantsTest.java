package dev.lockdrill.kata.doublesend.check;

import dev.lockdrill.kata.leaseclaim.check.LeaseHistory;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.doublesend.DoubleSendKata;
import dev.lockdrill.kata.doublesend.protocol.InjectedFault;
import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;
import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.kata.doublesend.protocol.SendObservations;
import dev.lockdrill.kata.doublesend.protocol.SendOp;
import dev.lockdrill.report.Timeline;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.lockdrill.testing.VerdictAssertions.assertPass;
import static dev.lockdrill.testing.VerdictAssertions.assertFail;
import static org.assertj.core.api.Assertions.assertThat;

class DoubleSendInvariantsTest {
    private final List<Map<String, Object>> ledger = new ArrayList<>();

    private DoubleSendInvariantsTest request(String worker, long id, String key, String collapseId, String result,
                                             long atUs) {
        boolean effect = result.equals("delivered") || result.equals("duplicate") || result.equals("collapsed");
        ledger.add(new LedgerEntry(ledger.size() + 1, worker, id, "device-1", key, collapseId, result, effect,
                result.equals("duplicate"), atUs).toMap());
        return this;
    }

    private History history(String provider, LeaseHistory lease) {
        return lease.observe(SendObservations.ledger(provider), ledger).build();
    }

    private static LeaseHistory sentOnce() {
        return new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000).finish(1, "worker-1", "sent", 50_000).end();
    }

    @Test
    void aReplayIsNotASecondEffect() {
        request("worker-1", 1, "n-1", "n-1", "delivered", 40_000).request("worker-2", 1, "n-1", "n-1", "replayed",
                400_000);
        assertPass(new ExactlyOneEffect().check(history("dedup", sentOnce())));
    }

    @Test
    void twoEffectsOfOneNotificationFail() {
        request("worker-1", 1, "n-1-lease-10", "n-1", "delivered", 40_000)
                .request("worker-2", 1, "n-1-lease-11", "n-1", "delivered", 400_000);
        History history = history("dedup", sentOnce());
        assertThat(new ExactlyOneEffect().check(history).evidence().get(0).text()).contains("took effect 2 times");
        assertThat(new KeyIsPureFunction().check(history).evidence().get(0).text()).contains("2 different keys");
    }

    @Test
    void keysMustBePresentAndUnique() {
        request("worker-1", 1, null, "n-1", "delivered", 40_000);
        assertThat(new KeyIsPureFunction().check(history("dedup", sentOnce())).evidence().get(0).text())
                .contains("without an idempotency key");
        ledger.clear();
        request("worker-1", 1, "same", "n-1", "delivered", 40_000).request("worker-1", 2, "same", "n-2", "replayed",
                41_000);
        assertThat(new KeyIsPureFunction().check(history("dedup", sentOnce())).evidence().get(0).text())
                .contains("share the key");
    }

    @Test
    void aDeliveredNotificationDeadLetteredIsLost() {
        request("worker-1", 1, "n-1", "n-1", "conflict", 40_000).request("worker-2", 1, "n-1", "n-1", "delivered",
                45_000);
        LeaseHistory lease = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000)
                .finish(1, "worker-1", "failed", 41_000).end();
        assertThat(new NoneLost().check(history("dedup", lease)).evidence().get(0).text())
                .contains("ended failed (expected sent)");
    }

    @Test
    void aRevokedTokenEndsFailedAndThatIsFine() {
        request("worker-1", 1, "n-1", "n-1", "rejected", 40_000);
        LeaseHistory lease = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000)
                .finish(1, "worker-1", "failed", 41_000).end(Map.of(1L, NoneLost.REVOKED));
        assertPass(new NoneLost().check(history("dedup", lease)));
    }

    @Test
    void markingBeforeTheProviderDeliveredFails() {
        request("worker-1", 1, "n-1", "n-1", "delivered", 60_000);
        History history = history("dedup", sentOnce());
        assertThat(new MarkedAfterDelivery().check(history).evidence().get(0).text())
                .contains("committed it 10.0 ms before the provider delivered it");
        ledger.clear();
        assertThat(new MarkedAfterDelivery().check(history("dedup", sentOnce())).evidence().get(0).text())
                .contains("never delivered");
    }

    @Test
    void aPushDuplicateNeedsAFaultOrAnExpiredLease() {
        request("worker-1", 1, "n-1", "n-1", "delivered", 40_000).request("worker-2", 1, "n-1", "n-1", "duplicate",
                45_000);
        assertFail(new DuplicatesBounded().check(history("push", sentOnce())));
        LeaseHistory reclaimed = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000)
                .claim(1, "worker-2", 11, 300_000, 600_000).finish(1, "worker-2", "sent", 350_000).end();
        assertPass(new DuplicatesBounded().check(history("push", reclaimed)));
        LeaseHistory faulted = sentOnce().observe(SendObservations.INJECTED, List.of(new InjectedFault(1,
                ProviderFault.DROP_RESPONSE.label(), "worker-1").toMap()));
        assertPass(new DuplicatesBounded().check(history("push", faulted)));
    }

    @Test
    void everyPushOfANotificationSharesOneCollapseId() {
        request("worker-1", 1, "n-1", "a", "delivered", 40_000).request("worker-2", 1, "n-1", "b", "duplicate",
                45_000);
        assertThat(new DuplicatesShareCollapseId().check(history("push", sentOnce())).evidence().get(0).text())
                .contains("[a, b]");
    }

    @Test
    void aMarkCommittedAfterTheDeliveryPassesEvenIfItsStatementCameFirst() {
        request("worker-1", 1, "n-1", "n-1", "delivered", 60_000);
        LeaseHistory markedInOpenTransaction = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000)
                .finish(1, "worker-1", "sent", 50_000, 70_000).end();
        assertPass(new MarkedAfterDelivery().check(history("dedup", markedInOpenTransaction)));
        LeaseHistory committedBefore = new LeaseHistory().claim(1, "worker-1", 10, 0, 300_000)
                .finish(1, "worker-1", "sent", 50_000, 55_000).end();
        assertThat(new MarkedAfterDelivery().check(history("dedup", committedBefore)).evidence().get(0).text())
                .contains("committed it 5.0 ms before the provider delivered it");
    }

    @Test
    void withNoProviderRequestTheProviderInvariantsHaveNothingToJudge() {
        History history = history("dedup", new LeaseHistory().end());
        assertThat(new ExactlyOneEffect().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new KeyIsPureFunction().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new DuplicatesBounded().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
        assertThat(new MarkedAfterDelivery().check(history).verdict()).isEqualTo(Verdict.NOT_EXERCISED);
    }

    /** A second effect is read from the provider's ledger, which names no operation: the swimlane is the kata's lesson. */
    @Test
    void aSecondEffectNamesNoOperationSoTheSwimlaneShowsTheLessonScenario() {
        request("worker-1", 1, "n-1-lease-10", "n-1", "delivered", 40_000)
                .request("worker-2", 1, "n-1-lease-11", "n-1", "delivered", 400_000);
        History ledgerOnly = history("dedup", sentOnce());
        InvariantResult twice = new ExactlyOneEffect().check(ledgerOnly);
        assertThat(twice.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(twice.evidence()).allSatisfy(e -> assertThat(e.opIds()).isEmpty());
        String lesson = new DoubleSendKata().lessonScenario();
        History run = new History(1, List.of(drain(1, "drain-dedup"), drain(2, lesson), drain(3, "faults-push")),
                ledgerOnly.faults(), ledgerOnly.observations());
        assertThat(Timeline.teaching(run, List.of(twice), lesson)).get().extracting(Timeline::scenario)
                .isEqualTo("faults-dedup");
    }

    private static Op drain(long id, String scenario) {
        return new Op(id, scenario, "worker-1", SendOp.DRAIN.label(), Map.of(), id, id + 1, Outcome.OK, Map.of(), null);
    }
}
