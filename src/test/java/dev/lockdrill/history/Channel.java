package dev.lockdrill.history;

import java.util.List;
import java.util.Map;

/**
 * Test help for protocol records: fields as the parent process reads them, through the event
 * channel's JSON line ({@link EventCodec}) and back.
 */
public final class Channel {
    private Channel() {
    }

    /** The fields after a trip through the channel (numbers come back as Integer when they fit). */
    public static Map<String, Object> across(Map<String, Object> fields) {
        Event.Invoke sent = new Event.Invoke(1, "s", "w", "f", fields, 0);
        return ((Event.Invoke) EventCodec.decode(EventCodec.encode(sent)).orElseThrow()).args();
    }

    /** Observation rows after a trip through the channel. */
    public static List<Map<String, Object>> rowsAcross(List<Map<String, Object>> rows) {
        Event.Observed sent = new Event.Observed("o", "s", rows);
        return ((Event.Observed) EventCodec.decode(EventCodec.encode(sent)).orElseThrow()).rows();
    }

    /** The row after a trip through the channel. */
    public static Map<String, Object> rowAcross(Map<String, Object> row) {
        return rowsAcross(List.of(row)).get(0);
    }

    /** An op of {@code f} that completed, whose arguments came across the channel. */
    public static Op withArgs(String f, Map<String, Object> args) {
        return new Op(1, "s", "w", f, across(args), 0, 1, Outcome.OK, Map.of(), null);
    }

    /** An op of {@code f} that completed, whose result came across the channel. */
    public static Op withResult(String f, Map<String, Object> result) {
        return new Op(1, "s", "w", f, Map.of(), 0, 1, Outcome.OK, across(result), null);
    }
}
