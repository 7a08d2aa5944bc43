package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadObservation;
import dev.lockdrill.kata.bulkhead.protocol.BulkheadOp;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;
import dev.lockdrill.kata.bulkhead.protocol.PermitRow;
import dev.lockdrill.kata.bulkhead.protocol.WorkArgs;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BulkheadInvariantsTest {
    private static final long MS = 1_000_000L;
    private final List<Op> ops = new ArrayList<>();
    private long id;

    private long call(String worker, String dependency, long from, long to, Ending outcome) {
        id++;
        ops.add(new Op(id, "one-hangs", worker, BulkheadOp.CALL.label(), new CallArgs(dependency).toMap(),
                from * MS, to * MS, Outcome.OK, CallResult.of(outcome).toMap(), null));
        return id;
    }

    private void work(long call, String dependency, long from, long to) {
        id++;
        ops.add(new Op(id, "one-hangs", dependency, BulkheadOp.WORK.label(), new WorkArgs(dependency, call, false).toMap(),
                from * MS, to * MS, Outcome.OK, WorkResult.returned(false, dependency + "#" + call).toMap(), null));
    }

    private History history(PermitRow permits) {
        List<Observation> observations = List.of(
                new Observation(BulkheadObservation.LIMITS.label(), "one-hangs",
                        List.of(new LimitRow("apns", 2, 250).toMap(), new LimitRow("fcm", 2, 250).toMap())),
                new Observation(BulkheadObservation.PERMITS.label(), "one-hangs", List.of(permits.toMap())));
        return new History(1, ops, List.of(new FaultEvent(Faults.HANG.label(), "one-hangs", "apns", 0, 100 * MS, true, "apns hung")),
                observations);
    }

    private static final PermitRow ALL_BACK = new PermitRow("apns", 2, 2, 0, PermitRow.Phase.QUIESCENT);

    private List<String> failed(History history) {
        return BulkheadInvariants.all().stream().map(i -> i.check(history)).filter(r -> !r.passed())
                .map(r -> r.name()).toList();
    }

    @Test
    void twoHungCallsAFastRejectionAndAHealthyCallPass() {
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 251);
        work(call("firehose", "apns", 5, 255, Ending.TIMEOUT), "apns", 6, 256);
        call("firehose", "apns", 10, 10, Ending.REJECTED);
        work(call("fcm-client", "fcm", 20, 23, Ending.VALUE), "fcm", 21, 22);
        assertThat(failed(history(ALL_BACK))).isEmpty();
    }

    @Test
    void aThirdCallInsideTheDependencyIsReported() {
        work(call("firehose", "apns", 0, 250, Ending.TIMEOUT), "apns", 1, 400);
        work(call("firehose", "apns", 5, 255, Ending.TIMEOUT), "apns", 6, 400);
        work(call("firehose", "apns", 260, 510, Ending.TIMEOUT), "apns", 261, 400);
        assertThat(failed(history(ALL_BACK))).containsExactly("concurrency-within-limit");
    }

    @Test
    void aQueuedCallThatTimesOutInsteadOfBeingRejectedIsReported() {
        call("firehose", "apns", 10, 260, Ending.TIMEOUT);
        assertThat(failed(history(ALL_BACK))).containsExactly("rejections-fast-and-typed");
    }

    @Test
    void aRejectedHealthyCallIsReported() {
        call("fcm-client", "fcm", 20, 20, Ending.REJECTED);
        assertThat(failed(history(ALL_BACK))).containsExactly("others-unaffected-by-hang");
    }

    @Test
    void aLostPermitIsReported() {
        assertThat(failed(history(new PermitRow("apns", 2, 1, 0, PermitRow.Phase.QUIESCENT))))
                .containsExactly("permits-returned");
    }

    @Test
    void aRejectedIdleCallIsReported() {
        call("idle-caller", "fcm", 20, 20, Ending.REJECTED);
        assertThat(failed(history(ALL_BACK))).contains("idle-dependency-admits");
    }
}
