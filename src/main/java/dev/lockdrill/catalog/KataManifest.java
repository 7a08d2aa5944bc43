package dev.lockdrill.catalog;

import java.util.List;

/**
 * A kata's metadata, from {@code katas/<id>/kata.yaml}: what it is, which class the learner
 * writes and the drills it is linked to. Its hints are not here but in {@link KataHints}.
 * {@code implement} and {@code faults} are its row of the README's kata table (markdown, one line
 * each), which {@code lockdrill dev update} writes: a new kata adds its row here, in its own folder.
 */
public record KataManifest(String id, String title, int order, String summary, String implementation,
                           List<String> drills, int timeoutSeconds, String implement, String faults) {
    public KataManifest {
        drills = drills == null ? List.of() : List.copyOf(drills);
        if (timeoutSeconds <= 0) {
            timeoutSeconds = 30;
        }
    }
}
