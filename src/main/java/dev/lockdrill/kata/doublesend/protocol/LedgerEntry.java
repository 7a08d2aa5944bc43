package dev.lockdrill.kata.doublesend.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.lockdrill.history.Fields;

import java.util.Map;

/**
 * One request the fake provider got and what it did with it, as its ledger records it:
 * {@code effect} when the recipient got something new, {@code duplicate} when the device showed
 * it a second time, {@code atUs} the provider's clock (epoch µs), {@code seq} its arrival order.
 * Every field is written, a null one as null.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record LedgerEntry(long seq, String worker, long notification, String recipient, String key,
                          String collapseId, String result, boolean effect, boolean duplicate, long atUs) {

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static LedgerEntry of(Map<String, Object> row) {
        return Fields.as(row, LedgerEntry.class);
    }
}
