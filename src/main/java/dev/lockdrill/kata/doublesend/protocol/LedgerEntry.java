package dev.lockdrill.kata.doublesend.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request the fake provider got and what it did with it, as its ledger records it:
 * {@code effect} when the recipient got something new, {@code duplicate} when the device showed
 * it a second time, {@code atUs} the provider's clock (epoch µs), {@code seq} its arrival order.
 */
public record LedgerEntry(long seq, String worker, long notification, String recipient, String key,
                          String collapseId, String result, boolean effect, boolean duplicate, long atUs) {

    public Map<String, Object> toMap() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("seq", seq);
        entry.put("worker", worker);
        entry.put("notification", notification);
        entry.put("recipient", recipient);
        entry.put("key", key);
        entry.put("collapseId", collapseId);
        entry.put("result", result);
        entry.put("effect", effect);
        entry.put("duplicate", duplicate);
        entry.put("atUs", atUs);
        return entry;
    }

    public static LedgerEntry of(Map<String, Object> row) {
        return new LedgerEntry(((Number) row.get("seq")).longValue(), (String) row.get("worker"),
                ((Number) row.get("notification")).longValue(), (String) row.get("recipient"),
                (String) row.get("key"), (String) row.get("collapseId"), (String) row.get("result"),
                Boolean.TRUE.equals(row.get("effect")), Boolean.TRUE.equals(row.get("duplicate")),
                ((Number) row.get("atUs")).longValue());
    }
}
