package dev.lockdrill.kata;

import java.util.List;

/**
 * A kata's numbered contract: what the README says before the clauses (who calls the learner's
 * class, and how), then the clauses in order.
 */
public record Contract(String intro, List<Clause> clauses) {
    public Contract {
        intro = intro == null ? "" : intro;
        clauses = List.copyOf(clauses);
    }

    public static Contract of(String intro, Clause... clauses) {
        return new Contract(intro, List.of(clauses));
    }
}
