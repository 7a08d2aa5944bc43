package dev.lockdrill.kata.leaseclaim.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * lease-claim's op records come back equal across the event channel, with exactly the fields the
 * hand-written maps wrote (written down here, so a renamed component fails). Claimed's leases are
 * recorded as two parallel lists, ids and tokens, as its hand-written map wrote them.
 */
class LeaseFieldsTest {
    @Test
    void claimCall() {
        ClaimCall call = new ClaimCall(5);
        assertThat(Channel.across(call.toMap())).isEqualTo(Map.of("max", 5));
        assertThat(ClaimCall.of(Channel.withArgs(LeaseOp.CLAIM.label(), call.toMap()))).isEqualTo(call);
    }

    @Test
    void leaseCallLeavesOutAnExtendsOutcome() {
        LeaseCall complete = new LeaseCall(12, 5_000_000_000L, "done");
        assertThat(Channel.across(complete.toMap()))
                .isEqualTo(Map.of("id", 12, "token", 5_000_000_000L, "outcome", "done"));
        assertThat(LeaseCall.of(Channel.withArgs(LeaseOp.COMPLETE.label(), complete.toMap()))).isEqualTo(complete);
        LeaseCall extend = new LeaseCall(12, 3, null);
        assertThat(Channel.across(extend.toMap())).isEqualTo(Map.of("id", 12, "token", 3));
        assertThat(LeaseCall.of(Channel.withArgs(LeaseOp.EXTEND.label(), extend.toMap()))).isEqualTo(extend);
    }

    @Test
    void claimed() {
        Claimed claimed = new Claimed(List.of(new Claimed.Lease(1, 10), new Claimed.Lease(2, 11)));
        assertThat(Channel.across(claimed.toMap())).isEqualTo(Map.of("ids", List.of(1, 2), "tokens", List.of(10, 11)));
        Op op = new Op(1, "s", "w", LeaseOp.CLAIM.label(), Map.of(), 0, 1, Outcome.OK,
                Channel.across(claimed.toMap()), null);
        assertThat(Claimed.of(op)).isEqualTo(claimed);
        assertThat(Claimed.of(op).leases()).containsExactly(new Claimed.Lease(1, 10), new Claimed.Lease(2, 11));
    }

    @Test
    void claimedOfNothingAndOfAFailedClaim() {
        Claimed none = new Claimed(List.of());
        assertThat(Channel.across(none.toMap())).isEqualTo(Map.of("ids", List.of(), "tokens", List.of()));
        assertThat(Claimed.of(Channel.withResult(LeaseOp.CLAIM.label(), none.toMap())).leases()).isEmpty();
        Op failed = new Op(1, "s", "w", LeaseOp.CLAIM.label(), Map.of(), 0, 1, Outcome.FAIL,
                Channel.across(new Claimed(List.of(new Claimed.Lease(1, 10))).toMap()), null);
        assertThat(Claimed.of(failed).leases()).isEmpty();
    }

    @Test
    void claimedPairsOnlyWhatBothListsHold() {
        Claimed uneven = Claimed.of(Channel.withResult(LeaseOp.CLAIM.label(),
                Map.of("ids", List.of(1, 2, 3), "tokens", List.of(10, 11))));
        assertThat(uneven.leases()).containsExactly(new Claimed.Lease(1, 10), new Claimed.Lease(2, 11));
        assertThat(Claimed.of(Channel.withResult(LeaseOp.CLAIM.label(), Map.of())).leases()).isEmpty();
    }
}
