package dev.lockdrill.kata.doublesend.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * double-send's records are their own serialization: each comes back equal across the event
 * channel, with exactly the fields the hand-written maps wrote (written down here, so a renamed
 * component fails).
 */
class SendFieldsTest {
    @Test
    void drained() {
        Drained drained = new Drained(4);
        assertThat(Channel.across(drained.toMap())).isEqualTo(Map.of("claimed", 4));
        assertThat(Drained.of(Channel.withResult("drain", drained.toMap()))).isEqualTo(drained);
        Op lost = new Op(1, "s", "w", "drain", Map.of(), 0, 1, Outcome.INFO, Map.of(), "reply lost");
        assertThat(Drained.of(lost)).isEqualTo(new Drained(0));
    }

    @Test
    void injectedFault() {
        InjectedFault fault = new InjectedFault(6_000_000_000L, "timeout", "worker-2", 12);
        assertThat(Channel.rowAcross(fault.toMap())).isEqualTo(Map.of("notification", 6_000_000_000L,
                "fault", "timeout", "worker", "worker-2", "request", 12));
        assertThat(InjectedFault.of(Channel.rowAcross(fault.toMap()))).isEqualTo(fault);
        assertThat(InjectedFault.of(Map.of("notification", 3, "fault", "timeout", "worker", "worker-1")))
                .isEqualTo(new InjectedFault(3, "timeout", "worker-1"));
    }

    @Test
    void ledgerEntryWritesEveryFieldANullOneAsNull() {
        LedgerEntry entry = new LedgerEntry(1, "worker-1", 7, "alice", "k-7", null, "ok", true, false,
                1_700_000_000_000_000L);
        Map<String, Object> expected = new HashMap<>();
        expected.put("seq", 1);
        expected.put("worker", "worker-1");
        expected.put("notification", 7);
        expected.put("recipient", "alice");
        expected.put("key", "k-7");
        expected.put("collapseId", null);
        expected.put("result", "ok");
        expected.put("effect", true);
        expected.put("duplicate", false);
        expected.put("atUs", 1_700_000_000_000_000L);
        assertThat(Channel.rowAcross(entry.toMap())).isEqualTo(expected);
        assertThat(LedgerEntry.of(Channel.rowAcross(entry.toMap()))).isEqualTo(entry);
    }
}
