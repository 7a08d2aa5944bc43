package dev.lockdrill.kata.bulkhead.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.lockdrill.history.Fields;

import java.util.Locale;
import java.util.Map;

/**
 * What {@code availablePermits} answered for a dependency (a number, or what it threw), its limit,
 * how many works were inside it at that moment, and when it was asked: once every call had ended
 * ({@link Phase#QUIESCENT}), or while hung works filled it and nothing else was in transit
 * ({@link Phase#FULL}). A number that is absent reads as -1, a phase that is not "full" as quiescent.
 */
public record PermitRow(String dependency, @Fields.NoneWhenAbsent int limit,
                        @JsonInclude(JsonInclude.Include.ALWAYS) Object available,
                        @Fields.NoneWhenAbsent int stillRunning, Phase phase) {
    public PermitRow {
        phase = phase == null ? Phase.QUIESCENT : phase;
    }

    /** Recorded by its {@link #label()}. */
    public enum Phase {
        QUIESCENT, FULL;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        static Phase of(String label) {
            return FULL.label().equals(label) ? FULL : QUIESCENT;
        }
    }

    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static PermitRow of(Map<String, Object> row) {
        return Fields.as(row, PermitRow.class);
    }

    /** What availablePermits should have answered: the limit less the works inside. */
    public int due() {
        return phase == Phase.QUIESCENT ? limit : Math.max(0, limit - stillRunning);
    }

    public boolean asDue() {
        return String.valueOf(available).equals(String.valueOf(due()));
    }
}
