package dev.lockdrill.check;

import java.util.ArrayList;
import java.util.List;

/**
 * One sentence that proves (part of) a verdict, with the ids of the operations that violate it
 * ({@code opIds}) and of those it names as context ({@code contextIds}: the lease, the newer
 * write the stale one overwrote). Pointing at the line finds both; only the first are marked as
 * violations on the timelines.
 */
public record Evidence(String text, List<Long> opIds, List<Long> contextIds) {
    public Evidence {
        opIds = List.copyOf(opIds);
        contextIds = List.copyOf(contextIds);
    }

    public Evidence(String text, List<Long> opIds) {
        this(text, opIds, List.of());
    }

    public static Evidence of(String text, Long... opIds) {
        return new Evidence(text, List.of(opIds));
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
