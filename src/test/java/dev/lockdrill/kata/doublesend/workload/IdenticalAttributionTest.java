package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Requests among identical notifications are settled from keys and sent marks; a bug is never
 * explained away. Rows 3 and 8 carry the same recipient and body throughout.
 */
class IdenticalAttributionTest {
    private static final List<List<Long>> GROUPS = List.of(List.of(3L, 8L));

    private static LedgerEntry request(long seq, long guessed, String key, String result, boolean effect, long atUs) {
        return new LedgerEntry(seq, "worker-1", guessed, "device-3", key, key, result, effect,
                result.equals("duplicate"), atUs);
    }

    @Test
    void aLaterIdSentFirstIsGivenBackToItsRow() {
        // the worker leased both, sent 8 first: the send-time guess gave both requests to 3
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "n-8", "delivered", true, 1_000),
                request(2, 3, "n-3", "delivered", true, 3_000));
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(8L, 2_000L, 3L, 4_000L), false);
        assertEquals(List.of(8L, 3L), resolved.ledger().stream().map(LedgerEntry::notification).toList());
        assertEquals(Map.of(1L, 8L), resolved.moved());
    }

    @Test
    void aGuessThatExplainsEveryMarkStays() {
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "n-3", "delivered", true, 1_000),
                request(2, 8, "n-8", "delivered", true, 3_000));
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(3L, 2_000L, 8L, 4_000L), false);
        assertEquals(ledger, resolved.ledger());
        assertEquals(Map.of(), resolved.moved());
    }

    @Test
    void aKeyFromContentIsNotExplainedAway() {
        // one key for both: the provider replayed the second, which was marked sent undelivered
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "same", "delivered", true, 1_000),
                request(2, 8, "same", "replayed", false, 3_000));
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(3L, 2_000L, 8L, 4_000L), false);
        assertEquals(ledger, resolved.ledger());
    }

    @Test
    void aRowMarkedBeforeAnyDeliveryIsNotExplainedAway() {
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "n-8", "delivered", true, 1_000),
                request(2, 3, "n-3", "delivered", true, 3_000));
        // 8 was marked before anything was delivered: no match explains it
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(8L, 500L, 3L, 4_000L), false);
        assertEquals(ledger, resolved.ledger());
    }

    @Test
    void moreKeysThanNotificationsIsNotExplainedAway() {
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "try-1", "delivered", true, 1_000),
                request(2, 3, "try-2", "delivered", true, 1_500),
                request(3, 8, "n-8", "delivered", true, 3_000));
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(3L, 2_000L, 8L, 4_000L), false);
        assertEquals(ledger, resolved.ledger());
    }

    @Test
    void thePushDevicesVerdictIsWorkedOutAgainForTheRowsThatChanged() {
        // guessed: both to 3, so the second looked like a duplicate on the device
        List<LedgerEntry> ledger = List.of(
                request(1, 3, "n-8", "delivered", true, 1_000),
                request(2, 3, "n-3", "duplicate", true, 500_000));
        IdenticalAttribution.Resolved resolved = IdenticalAttribution.resolve(ledger, GROUPS,
                Map.of(8L, 2_000L, 3L, 600_000L), true);
        assertEquals(List.of("delivered", "delivered"), resolved.ledger().stream().map(LedgerEntry::result).toList());
        assertEquals(List.of(false, false), resolved.ledger().stream().map(LedgerEntry::duplicate).toList());
    }
}
