package dev.lockdrill.kata;

import java.util.Arrays;
import java.util.List;

/**
 * One numbered clause of a kata's contract as the learner reads it in the README (a short title,
 * the clause itself, and a note for what the lists below cannot say), with the invariants that
 * judge it and the scenarios that exercise it at its boundaries. The README's Contract section is
 * generated from these ({@code lockdrill dev update}), so this is the one place a clause is written.
 */
public record Clause(String id, String title, String text, List<String> invariants, List<String> scenarios,
                     String note) {
    public Clause {
        title = title == null ? "" : title;
        note = note == null ? "" : note;
        invariants = List.copyOf(invariants);
        scenarios = List.copyOf(scenarios);
    }

    /** A clause with a title ("stale writes are refused"), before it names what judges it. */
    public static Clause of(String id, String title, String text) {
        return new Clause(id, title, text, List.of(), List.of(), "");
    }

    /** A clause without a title. */
    public static Clause of(String id, String text) {
        return of(id, "", text);
    }

    /** The same clause, judged by these invariants. */
    public Clause judgedBy(String... invariants) {
        return new Clause(id, title, text, Arrays.asList(invariants), scenarios, note);
    }

    /** The same clause, exercised by these scenarios. */
    public Clause at(String... scenarios) {
        return new Clause(id, title, text, invariants, Arrays.asList(scenarios), note);
    }

    /** The same clause with a remark on how it is judged, shown after the lists. */
    public Clause note(String note) {
        return new Clause(id, title, text, invariants, scenarios, note);
    }
}
