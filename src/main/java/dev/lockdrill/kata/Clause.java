package dev.lockdrill.kata;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.history.NamedScenario;

import java.util.Arrays;
import java.util.List;

/**
 * One numbered clause of a kata's contract as the learner reads it in the README (a short title,
 * the clause itself, and a note for what the lists below cannot say), with the invariants that
 * judge it and the scenarios that exercise it at its boundaries. Both are the objects the check
 * runs, not their names, so a clause naming one that does not exist does not compile. The README's
 * Contract section is generated from these ({@code lockdrill dev update}): this is the one place a
 * clause is written.
 */
public record Clause(String id, String title, String text, List<Invariant> invariants, List<NamedScenario> scenarios,
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
    public Clause judgedBy(Invariant... invariants) {
        return new Clause(id, title, text, Arrays.asList(invariants), scenarios, note);
    }

    /** The same clause, exercised by these scenarios. */
    public Clause at(NamedScenario... scenarios) {
        return new Clause(id, title, text, invariants, Arrays.asList(scenarios), note);
    }

    /** The same clause with a remark on how it is judged, shown after the lists. */
    public Clause note(String note) {
        return new Clause(id, title, text, invariants, scenarios, note);
    }

    /** The names of the invariants, as reports and {@code expect.yaml} show them. */
    public List<String> invariantNames() {
        return invariants.stream().map(Invariant::name).toList();
    }

    /** The names of the scenarios, as histories and reports show them. */
    public List<String> scenarioNames() {
        return scenarios.stream().map(NamedScenario::name).toList();
    }
}
