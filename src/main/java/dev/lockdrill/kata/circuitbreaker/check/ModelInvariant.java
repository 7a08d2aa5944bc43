package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An invariant that fails where the reference model found a divergence it matches (plus any other
 * evidence it collects), and is not exercised when the run never reached what it judges.
 */
final class ModelInvariant implements Invariant {
    private final String name;
    private final String description;
    private final Predicate<Divergence> matches;
    private final Function<BreakerFacts, List<Evidence>> more;
    private final Predicate<BreakerFacts> exercised;
    private final String notExercised;

    ModelInvariant(String name, String description, Predicate<Divergence> matches,
                   Function<BreakerFacts, List<Evidence>> more, Predicate<BreakerFacts> exercised,
                   String notExercised) {
        this.name = name;
        this.description = description;
        this.matches = matches;
        this.more = more;
        this.exercised = exercised;
        this.notExercised = notExercised;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public InvariantResult check(History history) {
        BreakerFacts facts = BreakerFacts.of(history);
        List<Evidence> evidence = evidence(facts, matches);
        evidence.addAll(more.apply(facts));
        if (evidence.isEmpty() && !exercised.test(facts)) {
            return notExercised(notExercised);
        }
        return failIfAny(evidence);
    }

    static List<Evidence> evidence(BreakerFacts facts, Predicate<Divergence> matches) {
        List<Evidence> evidence = new ArrayList<>();
        for (Divergence divergence : facts.divergences()) {
            if (matches.test(divergence)) {
                evidence.add(Evidence.of("scenario " + divergence.trace().scenario() + ":"));
                evidence.addAll(divergence.evidence());
            }
        }
        return evidence;
    }
}
