package dev.lockdrill.check;

import java.util.ArrayList;
import java.util.List;

/** One sentence that proves (part of) a verdict, with the ids of the operations it talks about. */
public record Evidence(String text, List<Long> opIds) {
    public Evidence {
        opIds = List.copyOf(opIds);
    }

    public static Evidence of(String text, Long... opIds) {
        return new Evidence(text, List.of(opIds));
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
