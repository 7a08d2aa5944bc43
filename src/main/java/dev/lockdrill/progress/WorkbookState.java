package dev.lockdrill.progress;

import java.util.Map;
import java.util.TreeMap;

/** The learner's progress, as stored in {@code .lockdrill/state.json}. */
public record WorkbookState(int formatVersion, Map<String, KataProgress> katas) {
    public static final int FORMAT_VERSION = 1;

    public WorkbookState {
        katas = katas == null ? Map.of() : Map.copyOf(katas);
    }

    public static WorkbookState empty() {
        return new WorkbookState(FORMAT_VERSION, Map.of());
    }

    public KataProgress kata(String id) {
        return katas.getOrDefault(id, KataProgress.fresh());
    }

    public WorkbookState with(String id, KataProgress progress) {
        Map<String, KataProgress> next = new TreeMap<>(katas);
        next.put(id, progress);
        return new WorkbookState(formatVersion, next);
    }
}
