package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.support.ScheduleId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The steps one {@link ScheduleId} names: every step its seed generates, less those a shrink took
 * out. {@code indices} are the kept steps' places in the full schedule (what a replay id lists).
 */
public record Schedule<S extends Step>(ScheduleId id, List<Integer> indices, List<S> steps) {
    public static final String STEPS = ScheduleId.STEPS_OBSERVATION;

    /** Makes the full schedule of a seed; the same seed always makes the same steps. */
    @FunctionalInterface
    public interface Generator<S> {
        List<S> generate(SplittableRandom random);
    }

    public Schedule {
        indices = List.copyOf(indices);
        steps = List.copyOf(steps);
    }

    public static <S extends Step> Schedule<S> of(ScheduleId id, Generator<S> generator) {
        List<S> all = generator.generate(new SplittableRandom(id.seed()));
        List<Integer> indices = new ArrayList<>();
        List<S> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (id.keeps(i)) {
                indices.add(i);
                kept.add(all.get(i));
            }
        }
        return new Schedule<>(id, indices, kept);
    }

    public String scenario() {
        return id.scenario();
    }

    /** Records the steps (before they run), one row each: its index, its actor and what it does. */
    public void record(Recorder recorder) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("step", indices.get(i));
            row.put("actor", steps.get(i).actor());
            row.put("does", steps.get(i).describe());
            rows.add(row);
        }
        recorder.observe(STEPS, scenario(), rows);
    }
}
