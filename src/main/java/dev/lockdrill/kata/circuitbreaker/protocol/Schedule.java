package dev.lockdrill.kata.circuitbreaker.protocol;

import dev.lockdrill.history.Fields;

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
        steps = steps == null ? List.of() : List.copyOf(steps);
        stuck = stuck == null ? "" : stuck;
    }

    public Map<String, Object> toRow() {
        return Fields.of(this);
    }

    public static Schedule of(Map<String, Object> row) {
        return Fields.as(row, Schedule.class);
    }
}
