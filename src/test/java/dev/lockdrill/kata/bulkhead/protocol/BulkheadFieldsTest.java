package dev.lockdrill.kata.bulkhead.protocol;

import dev.lockdrill.history.StallRow;
import dev.lockdrill.history.Channel;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bulkhead's op and observation records are their own serialization: each comes back equal
 * across the event channel, with exactly the fields the hand-written maps wrote (written down here,
 * so a renamed component fails).
 */
class BulkheadFieldsTest {
    private static final String CALL = BulkheadOp.CALL.label();

    @Test
    void callArgsLeaveOutANullBurst() {
        CallArgs plain = new CallArgs("payments");
        assertThat(Channel.across(plain.toMap())).isEqualTo(Map.of("dependency", "payments"));
        assertThat(CallArgs.of(Channel.withArgs(CALL, plain.toMap()))).isEqualTo(plain);
        CallArgs burst = new CallArgs("payments", "burst-1");
        assertThat(Channel.across(burst.toMap())).isEqualTo(Map.of("dependency", "payments", "burst", "burst-1"));
        assertThat(CallArgs.of(Channel.withArgs(CALL, burst.toMap()))).isEqualTo(burst);
    }

    @Test
    void callResultSaysWhetherTheBulkheadAdmittedTheCall() {
        CallResult value = CallResult.of(Ending.VALUE).withValue(42).returnedAfter(5_000_000_000L);
        assertThat(Channel.across(value.toMap())).isEqualTo(Map.of("outcome", Ending.VALUE.label(),
                "accepted", true, "value", "42", "returnedNanos", 5_000_000_000L, "synchronous", false));
        assertThat(CallResult.of(Channel.withResult(CALL, value.toMap()))).isEqualTo(value);

        CallResult rejected = CallResult.of(Ending.REJECTED).answeredSynchronously();
        assertThat(Channel.across(rejected.toMap())).isEqualTo(Map.of("outcome", Ending.REJECTED.label(),
                "accepted", false, "returnedNanos", -1, "synchronous", true));
        assertThat(CallResult.of(Channel.withResult(CALL, rejected.toMap()))).isEqualTo(rejected);
    }

    @Test
    void aCallWithNoResultNeverCompleted() {
        CallResult never = CallResult.of(Channel.withResult(CALL, Map.of()));
        assertThat(never).isEqualTo(new CallResult("never completed", null, -1, false));
        assertThat(never.expected()).isFalse();
    }

    @Test
    void workArgsAndResult() {
        WorkArgs args = new WorkArgs("payments", 17, true);
        assertThat(Channel.across(args.toMap()))
                .isEqualTo(Map.of("dependency", "payments", "call", 17, "onCallerThread", true));
        assertThat(WorkArgs.of(Channel.withArgs(CALL, args.toMap()))).isEqualTo(args);

        WorkResult returned = WorkResult.returned(true, "v");
        assertThat(Channel.across(returned.toMap())).isEqualTo(Map.of("interrupted", false, "hung", true, "value", "v"));
        assertThat(WorkResult.of(Channel.withResult(CALL, returned.toMap()))).isEqualTo(returned);
        WorkResult interrupted = WorkResult.interrupted(false);
        assertThat(Channel.across(interrupted.toMap()))
                .isEqualTo(Map.of("interrupted", true, "hung", false, "error", "interrupted"));
        assertThat(WorkResult.of(Channel.withResult(CALL, interrupted.toMap()))).isEqualTo(interrupted);
        WorkResult silent = WorkResult.failed(false, null);
        assertThat(Channel.across(silent.toMap())).isEqualTo(Map.of("interrupted", false, "hung", false));
    }

    @Test
    void rows() {
        LimitRow limit = new LimitRow("payments", 3, 250);
        assertThat(Channel.rowAcross(limit.toMap()))
                .isEqualTo(Map.of("dependency", "payments", "limit", 3, "callTimeoutMillis", 250));
        assertThat(LimitRow.of(Channel.rowAcross(limit.toMap()))).isEqualTo(limit);
        assertThat(LimitRow.of(Map.of("dependency", "payments"))).isEqualTo(new LimitRow("payments", -1, -1));

        PermitRow full = new PermitRow("payments", 3, 1, 2, PermitRow.Phase.FULL);
        assertThat(Channel.rowAcross(full.toMap())).isEqualTo(Map.of("dependency", "payments", "limit", 3,
                "available", 1, "stillRunning", 2, "phase", "full"));
        assertThat(PermitRow.of(Channel.rowAcross(full.toMap()))).isEqualTo(full);
        PermitRow threw = new PermitRow("payments", 3, "availablePermits threw x", 0, PermitRow.Phase.QUIESCENT);
        assertThat(Channel.rowAcross(threw.toMap())).containsEntry("phase", "quiescent");
        assertThat(PermitRow.of(Channel.rowAcross(threw.toMap()))).isEqualTo(threw);
        Map<String, Object> nothing = new HashMap<>();
        nothing.put("dependency", "payments");
        nothing.put("available", null);
        assertThat(new PermitRow("payments", 3, null, 0, PermitRow.Phase.QUIESCENT).toMap())
                .containsEntry("available", null);
        assertThat(PermitRow.of(nothing)).isEqualTo(new PermitRow("payments", -1, null, -1, PermitRow.Phase.QUIESCENT));

        StallRow stall = new StallRow(10, 6_000_000_000L);
        assertThat(Channel.rowAcross(stall.toMap())).isEqualTo(Map.of("fromNanos", 10, "toNanos", 6_000_000_000L));
        assertThat(StallRow.of(Channel.rowAcross(stall.toMap()))).isEqualTo(stall);
    }
}
