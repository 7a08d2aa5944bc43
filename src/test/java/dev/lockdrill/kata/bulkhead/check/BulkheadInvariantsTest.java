package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BulkheadInvariantsTest {
    private static final long MS = 1_000_000L;
    private final List<Op> ops = new ArrayList<>();
    private long id;

    private long call(String worker, String dependency, long from, long to, String outcome) {
        id++;
        ops.add(new Op(id, "one-hangs", worker, "call", Map.of("dependency", dependency), from * MS, to * MS,
                Outcome.OK, Map.of("outcome", outcome), null));
        return id;
    }

    private void work(long call, String dependency, long from, long to) {
        id++;
        ops.add(new Op(id, "one-hangs", dependency, "work", Map.of("dependency", dependency, "call", call),
                from * MS, to * MS, Outcome.OK, Map.of("interrupted", false), null));
    }

    private History history(Map<String, Object> permits) {
        List<Observation> observations = List.of(
                new Observation("limits", "one-hangs", List.of(Map.of("dependency", "apns", "limit", 2),
                        Map.of("dependency", "fcm", "limit", 2))),
                new Observation("permits", "one-hangs", List.of(permits)));
        return new History(1, ops, List.of(new FaultEvent("hang", "one-hangs", "apns", 0, 100 * MS, true, "apns hung")),
                observations);
    }

    private static final Map<String, Object> ALL_BACK = Map.of("dependency", "apns", "limit", 2, "available", 2,
            "stillRunning", 0);

    private List<String> failed(History history) {
        return BulkheadInvariants.all().stream().map(i -> i.check(history)).filter(r -> !r.passed())
                .map(r -> r.name()).toList();
    }

    @Test
    void twoHungCallsAFastRejectionAndAHealthyCallPass() {
        work(call("firehose", "apns", 0, 250, "timeout"), "apns", 1, 251);
        work(call("firehose", "apns", 5, 255, "timeout"), "apns", 6, 256);
        call("firehose", "apns", 10, 10, "rejected");
        work(call("fcm-client", "fcm", 20, 23, "value"), "fcm", 21, 22);
        assertThat(failed(history(ALL_BACK))).isEmpty();
    }

    @Test
    void aThirdCallInsideTheDependencyIsReported() {
        work(call("firehose", "apns", 0, 250, "timeout"), "apns", 1, 400);
        work(call("firehose", "apns", 5, 255, "timeout"), "apns", 6, 400);
        work(call("firehose", "apns", 260, 510, "timeout"), "apns", 261, 400);
        assertThat(failed(history(ALL_BACK))).containsExactly("concurrency-within-limit");
    }

    @Test
    void aQueuedCallThatTimesOutInsteadOfBeingRejectedIsReported() {
        call("firehose", "apns", 10, 260, "timeout");
        assertThat(failed(history(ALL_BACK))).containsExactly("rejections-fast-and-typed");
    }

    @Test
    void aRejectedHealthyCallIsReported() {
        call("fcm-client", "fcm", 20, 20, "rejected");
        assertThat(failed(history(ALL_BACK))).containsExactly("others-unaffected-by-hang");
    }

    @Test
    void aLostPermitIsReported() {
        assertThat(failed(history(Map.of("dependency", "apns", "limit", 2, "available", 1, "stillRunning", 0))))
                .containsExactly("permits-returned");
    }

    @Test
    void aRejectedIdleCallIsReported() {
        call("idle-caller", "fcm", 20, 20, "rejected");
        assertThat(failed(history(ALL_BACK))).contains("idle-dependency-admits");
    }
}
