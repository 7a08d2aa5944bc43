package dev.lockdrill.progress;

import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The learner's progress, as stored in {@code .lockdrill/state.json}: katas and drill cards. A
 * file written before drills existed has no {@code drills} field and reads as "no drill done".
 */
public record WorkbookState(int formatVersion, Map<String, KataProgress> katas, Map<String, DrillProgress> drills) {
    public static final int FORMAT_VERSION = 1;

    public WorkbookState {
        katas = katas == null ? Map.of() : Map.copyOf(katas);
        drills = drills == null ? Map.of() : Map.copyOf(drills);
    }

    public static WorkbookState empty() {
        return new WorkbookState(FORMAT_VERSION, Map.of(), Map.of());
    }

    public KataProgress kata(String id) {
        return katas.getOrDefault(id, KataProgress.fresh());
    }

    public WorkbookState with(String id, KataProgress progress) {
        Map<String, KataProgress> next = new TreeMap<>(katas);
        next.put(id, progress);
        return new WorkbookState(formatVersion, next, drills);
    }

    public DrillProgress drill(String id) {
        return drills.getOrDefault(id, DrillProgress.fresh());
    }

    public WorkbookState withDrill(String id, DrillProgress progress) {
        Map<String, DrillProgress> next = new TreeMap<>(drills);
        next.put(id, progress);
        return new WorkbookState(formatVersion, katas, next);
    }

    /** Forgets why the given drills were pulled forward when it was {@code reason} (the kata passed since). */
    public WorkbookState withDrillsNoLongerPulledBy(Collection<String> ids, String reason) {
        Map<String, DrillProgress> next = new TreeMap<>(drills);
        ids.stream().filter(drills::containsKey).forEach(id -> next.put(id, drill(id).forgetting(reason)));
        return new WorkbookState(formatVersion, katas, next);
    }

    /** Makes the given drills due no later than {@code at} (a failed kata check sends the learner back to them). */
    public WorkbookState withDrillsDue(Collection<String> ids, Instant at, String reason) {
        Map<String, DrillProgress> next = new TreeMap<>(drills);
        ids.forEach(id -> next.put(id, drill(id).pulledForward(at, reason)));
        return new WorkbookState(formatVersion, katas, next);
    }
}
