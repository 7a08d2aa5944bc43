package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * pg-lock-service's op records are their own serialization: each comes back equal across the
 * event channel, with exactly the fields the hand-written maps wrote (written down here, so a
 * renamed component fails).
 */
class LockFieldsTest {
    @Test
    void acquireCall() {
        AcquireCall call = new AcquireCall("orders", 300);
        assertThat(Channel.across(call.toMap())).isEqualTo(Map.of("name", "orders", "ttlMs", 300));
        Op op = Channel.withArgs(LockOps.ACQUIRE.label(), call.toMap());
        assertThat(AcquireCall.of(op)).isEqualTo(call);
        assertThat(LeaseCall.nameOf(op)).isEqualTo("orders");
    }

    @Test
    void fencedWrite() {
        FencedWrite write = new FencedWrite("k", 5_000_000_000L, "v");
        assertThat(Channel.across(write.toMap())).isEqualTo(Map.of("key", "k", "token", 5_000_000_000L, "value", "v"));
        assertThat(FencedWrite.of(Channel.withArgs("write", write.toMap()))).isEqualTo(write);
    }

    @Test
    void grantedIsReadOnlyOffAGrant() {
        Granted granted = new Granted(7, "worker-1#3", "orders");
        Map<String, Object> result = new LinkedHashMap<>(granted.toMap());
        result.put(Op.ACCEPTED, true);
        assertThat(Channel.across(granted.toMap()))
                .isEqualTo(Map.of("token", 7, "holder", "worker-1#3", "leaseName", "orders"));
        assertThat(Granted.of(Channel.withResult(LockOps.ACQUIRE.label(), result))).contains(granted);
        assertThat(Granted.of(Channel.withResult(LockOps.ACQUIRE.label(), Map.of(Op.ACCEPTED, false)))).isEmpty();
        Op failed = new Op(1, "s", "w", LockOps.ACQUIRE.label(), Map.of(), 0, 1, Outcome.FAIL, Map.of(), "x");
        assertThat(Granted.of(failed)).isEmpty();
    }

    @Test
    void leaseCallLeavesOutAReleasesTtl() {
        LeaseCall renew = new LeaseCall("orders", 7, "worker-1#3", 500L);
        assertThat(Channel.across(renew.toMap()))
                .isEqualTo(Map.of("name", "orders", "token", 7, "holder", "worker-1#3", "ttlMs", 500));
        Op renewOp = Channel.withArgs(LockOps.RENEW.label(), renew.toMap());
        assertThat(LeaseCall.of(renewOp)).isEqualTo(renew);
        assertThat(LeaseCall.nameOf(renewOp)).isEqualTo("orders");
        LeaseCall release = LeaseCall.release("orders", 7, "worker-1#3");
        assertThat(Channel.across(release.toMap()))
                .isEqualTo(Map.of("name", "orders", "token", 7, "holder", "worker-1#3"));
        assertThat(LeaseCall.of(Channel.withArgs(LockOps.RELEASE.label(), release.toMap()))).isEqualTo(release);
    }
}
