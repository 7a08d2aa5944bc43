package dev.lockdrill.history;

import java.util.List;
import java.util.Map;

/**
 * Ground truth read directly from the system under test after (or during) a scenario, for example
 * the rows of an audit table or the final contents of the resource.
 */
public record Observation(String name, String scenario, List<Map<String, Object>> rows) {
    public Observation {
        rows = List.copyOf(rows);
    }
}
