package dev.lockdrill.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Names one explored schedule so it can be replayed: the seed its steps are generated from, and,
 * once shrunk, which of those steps are kept ({@code 4711} or {@code 4711:0,3,7}). The same seed
 * always generates the same steps, so a kept list replays the shrunk schedule exactly.
 */
public record ScheduleId(long seed, List<Integer> kept) {
    /** The observation under which a schedule's steps are recorded, so the parent can print them. */
    public static final String STEPS_OBSERVATION = "explore-steps";

    public ScheduleId {
        kept = kept == null ? null : List.copyOf(kept);
    }

    public static ScheduleId of(long seed) {
        return new ScheduleId(seed, null);
    }

    public ScheduleId keeping(List<Integer> steps) {
        return new ScheduleId(seed, steps);
    }

    public boolean keeps(int step) {
        return kept == null || kept.contains(step);
    }

    /** The scenario name the schedule's events are recorded under. */
    public String scenario() {
        return "explore-" + this;
    }

    @Override
    public String toString() {
        if (kept == null) {
            return Long.toString(seed);
        }
        StringBuilder out = new StringBuilder(Long.toString(seed)).append(':');
        for (int i = 0; i < kept.size(); i++) {
            out.append(i == 0 ? "" : ",").append(kept.get(i));
        }
        return out.toString();
    }

    /** Parses {@code SEED} or {@code SEED:I,J,…}; empty when the text is neither. */
    public static Optional<ScheduleId> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String[] parts = text.trim().split(":", -1);
        try {
            long seed = Long.parseLong(parts[0]);
            if (parts.length == 1) {
                return Optional.of(of(seed));
            }
            if (parts.length != 2) {
                return Optional.empty();
            }
            List<Integer> kept = new ArrayList<>();
            for (String step : parts[1].split(",")) {
                if (!step.isBlank()) {
                    int index = Integer.parseInt(step.trim());
                    if (index < 0) {
                        return Optional.empty();
                    }
                    kept.add(index);
                }
            }
            return Optional.of(new ScheduleId(seed, kept.stream().distinct().sorted().toList()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Several ids, separated by ';', as the parent hands them to a check process. */
    public static String join(List<ScheduleId> ids) {
        return String.join(";", ids.stream().map(ScheduleId::toString).toList());
    }

    public static List<ScheduleId> split(String text) {
        List<ScheduleId> ids = new ArrayList<>();
        for (String part : text.split(";")) {
            parse(part).ifPresent(ids::add);
        }
        return ids;
    }
}
