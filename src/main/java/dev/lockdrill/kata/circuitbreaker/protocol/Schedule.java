package dev.lockdrill.kata.circuitbreaker.protocol;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the calls on one breaker were interleaved (one row of the {@value #OBSERVATION} observation):
 * each step is the worker that went on and the yield point it went on from, in order; {@code stuck}
 * says why the schedule stopped early (empty when it ran to the end); {@code replay} is the command
 * that runs the same schedules again.
 */
public record Schedule(String breaker, String moment, List<Step> steps, String stuck, String replay) {
    public static final String OBSERVATION = "schedule";

    /** One step: {@code worker} went on from {@code at} (class.method:line and what it was about to do). */
    public record Step(String worker, String at) {
    }

    public Schedule {
        steps = List.copyOf(steps);
    }

    public Map<String, Object> toRow() {
        Map<String, Object> row = new HashMap<>();
        row.put("breaker", breaker);
        row.put("moment", moment);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Step step : steps) {
            rows.add(Map.of("worker", step.worker(), "at", step.at()));
        }
        row.put("steps", rows);
        row.put("stuck", stuck);
        row.put("replay", replay);
        return row;
    }

    public static Schedule of(Map<String, Object> row) {
        List<Step> steps = new ArrayList<>();
        if (row.get("steps") instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> step) {
                    steps.add(new Step(String.valueOf(step.get("worker")), String.valueOf(step.get("at"))));
                }
            }
        }
        return new Schedule(String.valueOf(row.get("breaker")), String.valueOf(row.get("moment")), steps,
                row.get("stuck") == null ? "" : String.valueOf(row.get("stuck")), String.valueOf(row.get("replay")));
    }
}
