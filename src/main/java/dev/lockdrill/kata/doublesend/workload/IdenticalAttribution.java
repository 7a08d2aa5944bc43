package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which of several identical notifications (same recipient, same body) each provider request was
 * for, settled once the run is over, from effects. At send time the harness can only guess among
 * identical rows (by who holds which row); a worker that leases two of them in one claim and sends
 * the later one first makes that guess wrong, and a correct design would then be blamed for a
 * notification "marked sent but never delivered". Two things the run leaves do tell them apart:
 * requests for one notification carry one idempotency key and collapse id (C1 asks for exactly
 * that), and each notification's {@code sent} mark committed after its delivery (C3).
 *
 * <p>So per group of identical rows, requests are split into classes by (key, collapse id). When
 * the send-time guess already gives each row one class and each sent row a delivery before its
 * mark, it stays. Otherwise the classes are matched to the rows marked sent, earliest mark first,
 * each taking the unmatched class delivered earliest (that order finds a match whenever one exists:
 * a class delivered before a later mark is never needed by an earlier one that another could take);
 * classes left over go to the group's other rows. If no match explains every mark, or a row's
 * requests carry more classes than there are rows (a key that is not a function of the
 * notification), the guess stays and the invariants judge it as it is: nothing a bug did is
 * explained away, since with identical content the key and the mark are all that differ.
 */
final class IdenticalAttribution {
    private IdenticalAttribution() {
    }

    /** The ledger with requests moved to the notification they were for, and which requests moved (seq → id). */
    record Resolved(List<LedgerEntry> ledger, Map<Long, Long> moved) {
    }

    /** A class of requests: one idempotency key and collapse id. */
    private record Sender(String key, String collapseId) {
    }

    /**
     * @param groups     row ids with identical recipient and body, two or more per group
     * @param sentMarkUs when each row's change to {@code sent} committed (µs, the machine's clock)
     * @param push       whether the provider is the push device, whose results depend on the notification
     */
    static Resolved resolve(List<LedgerEntry> ledger, Collection<List<Long>> groups, Map<Long, Long> sentMarkUs,
                            boolean push) {
        Map<Long, Long> moved = new LinkedHashMap<>();
        for (List<Long> group : groups) {
            if (group.size() >= 2) {
                moved.putAll(resolveGroup(ledger, Set.copyOf(group), sentMarkUs));
            }
        }
        if (moved.isEmpty()) {
            return new Resolved(ledger, Map.of());
        }
        List<LedgerEntry> result = new ArrayList<>();
        Set<Long> touched = new HashSet<>();
        for (LedgerEntry e : ledger) {
            Long to = moved.get(e.seq());
            if (to != null) {
                touched.add(e.notification());
                touched.add(to);
            }
            result.add(to == null ? e : new LedgerEntry(e.seq(), e.worker(), to, e.recipient(), e.key(),
                    e.collapseId(), e.result(), e.effect(), e.duplicate(), e.atUs()));
        }
        return new Resolved(push ? pushResults(result, touched) : result, moved);
    }

    private static Map<Long, Long> resolveGroup(List<LedgerEntry> ledger, Set<Long> rows, Map<Long, Long> sentMarkUs) {
        Map<Sender, List<LedgerEntry>> classes = new LinkedHashMap<>();
        for (LedgerEntry e : ledger) {
            if (rows.contains(e.notification())) {
                classes.computeIfAbsent(new Sender(e.key(), e.collapseId()), s -> new ArrayList<>()).add(e);
            }
        }
        if (classes.isEmpty() || classes.size() > rows.size() || explained(classes, sentMarkUs)) {
            return Map.of();
        }
        List<Long> marked = rows.stream().filter(sentMarkUs::containsKey)
                .sorted(Comparator.comparingLong((Long id) -> sentMarkUs.get(id)).thenComparingLong(id -> id)).toList();
        List<Sender> byDelivery = new ArrayList<>(classes.keySet());
        byDelivery.sort(Comparator.comparingLong((Sender s) -> firstEffect(classes.get(s)))
                .thenComparingLong(s -> classes.get(s).get(0).seq()));
        Map<Sender, Long> match = new HashMap<>();
        int next = 0;
        for (long row : marked) {
            if (next >= byDelivery.size() || firstEffect(classes.get(byDelivery.get(next))) > sentMarkUs.get(row)) {
                return Map.of();
            }
            match.put(byDelivery.get(next++), row);
        }
        List<Long> others = rows.stream().filter(id -> !sentMarkUs.containsKey(id)).sorted().toList();
        for (int i = 0; next < byDelivery.size(); i++) {
            match.put(byDelivery.get(next++), others.get(i));
        }
        Map<Long, Long> moved = new HashMap<>();
        match.forEach((sender, row) -> classes.get(sender).stream().filter(e -> e.notification() != row)
                .forEach(e -> moved.put(e.seq(), row)));
        return moved;
    }

    /** The send-time guess stands: each row's requests are one class, and each sent row was delivered before its mark. */
    private static boolean explained(Map<Sender, List<LedgerEntry>> classes, Map<Long, Long> sentMarkUs) {
        Map<Long, Set<Sender>> perRow = new HashMap<>();
        for (Map.Entry<Sender, List<LedgerEntry>> c : classes.entrySet()) {
            Set<Long> rowsOfClass = new HashSet<>();
            c.getValue().forEach(e -> rowsOfClass.add(e.notification()));
            if (rowsOfClass.size() != 1) {
                return false;
            }
            perRow.computeIfAbsent(rowsOfClass.iterator().next(), r -> new HashSet<>()).add(c.getKey());
        }
        if (perRow.values().stream().anyMatch(s -> s.size() != 1)) {
            return false;
        }
        for (Map.Entry<Long, Set<Sender>> row : perRow.entrySet()) {
            Long mark = sentMarkUs.get(row.getKey());
            if (mark != null && firstEffect(classes.get(row.getValue().iterator().next())) > mark) {
                return false;
            }
        }
        return true;
    }

    private static long firstEffect(List<LedgerEntry> requests) {
        return requests.stream().filter(LedgerEntry::effect).mapToLong(LedgerEntry::atUs).min().orElse(Long.MAX_VALUE);
    }

    /**
     * The push device's verdict on each request of a notification that lost or gained a request, worked out again in arrival order as {@link PushDeviceProvider} does: the first
     * arrival is delivered, one with the same collapse id within {@value PushDeviceProvider#SHOWN_AFTER_MILLIS} ms
     * of the last is collapsed, any other a duplicate the user sees.
     */
    private static List<LedgerEntry> pushResults(List<LedgerEntry> ledger, Set<Long> touched) {
        Map<Long, LedgerEntry> last = new HashMap<>();
        List<LedgerEntry> result = new ArrayList<>();
        for (LedgerEntry e : ledger) {
            if (!touched.contains(e.notification()) || !e.effect()) {
                result.add(e);
                continue;
            }
            LedgerEntry before = last.put(e.notification(), e);
            String verdict = before == null ? "delivered"
                    : before.collapseId() != null && Objects.equals(before.collapseId(), e.collapseId())
                    && e.atUs() - before.atUs() < PushDeviceProvider.SHOWN_AFTER_MILLIS * 1_000 ? "collapsed"
                    : "duplicate";
            result.add(new LedgerEntry(e.seq(), e.worker(), e.notification(), e.recipient(), e.key(), e.collapseId(),
                    verdict, true, verdict.equals("duplicate"), e.atUs()));
        }
        return result;
    }
}
