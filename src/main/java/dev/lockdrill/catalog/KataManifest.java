package dev.lockdrill.catalog;

import java.util.List;

/**
 * A kata's metadata, from {@code katas/<id>/kata.yaml}: what it is, which class the learner
 * writes, its progressive hints and the drills it is linked to.
 */
public record KataManifest(String id, String title, int order, String summary, String implementation,
                           List<String> hints, List<String> drills, int timeoutSeconds) {
    public KataManifest {
        hints = hints == null ? List.of() : List.copyOf(hints);
        drills = drills == null ? List.of() : List.copyOf(drills);
        if (timeoutSeconds <= 0) {
            timeoutSeconds = 30;
        }
    }
}
