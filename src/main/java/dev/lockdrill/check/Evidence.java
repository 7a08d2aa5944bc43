package dev.lockdrill.check;

import java.util.ArrayList;
import java.util.List;

/**
 * One sentence that proves (part of) a verdict, with the ids of the operations that violate it
 * ({@code opIds}) and of those it names as context ({@code contextIds}: the lease, the newer
 * write the stale one overwrote). Pointing at the line finds both; only the first are marked as
 * violations on the timelines. A line read from the storage's own record (an audit row) rather than
 * from a call names the {@code scenario} whose effects show it instead (null otherwise), so
 * {@code dev check} can still tell which scenario caught a mutant.
 */
public record Evidence(String text, List<Long> opIds, List<Long> contextIds, String scenario) {
    public Evidence {
        opIds = List.copyOf(opIds);
        contextIds = List.copyOf(contextIds);
    }

    public Evidence(String text, List<Long> opIds, List<Long> contextIds) {
        this(text, opIds, contextIds, null);
    }

    public Evidence(String text, List<Long> opIds) {
        this(text, opIds, List.of());
    }

    public static Evidence of(String text, Long... opIds) {
        return new Evidence(text, List.of(opIds));
    }

    /** A line tied to no call, read from what {@code scenario} left in storage. */
    public static Evidence inScenario(String scenario, String text) {
        return new Evidence(text, List.of(), List.of(), scenario);
    }

    /** A line of the story around a violation, whose operations are not themselves violations. */
    public static Evidence context(String text, Long... opIds) {
        return new Evidence(text, List.of(), List.of(opIds));
    }

    /** Every operation the line names, violating or context. */
    public List<Long> allIds() {
        List<Long> all = new ArrayList<>(opIds);
        all.addAll(contextIds);
        return all;
    }

    /** The first {@code max} items of evidence, then one line that counts the rest. */
    public static List<Evidence> capped(List<Evidence> evidence, int max) {
        if (evidence.size() <= max) {
            return evidence;
        }
        List<Evidence> capped = new ArrayList<>(evidence.subList(0, max));
        capped.add(of("… and " + (evidence.size() - max) + " more"));
        return capped;
    }
}
