package dev.lockdrill.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Pooler;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A kata's own invariants, judged only over the scenarios whose workers reached PostgreSQL through
 * PgBouncer in transaction mode, where a session's state (advisory locks, SET, prepared
 * statements) stays with the server session while the pooler hands that session to any client's
 * next transaction. Evidence says so, and names the server sessions that still held advisory
 * locks between transactions. When the pooler did not run, the scenarios were not run and this
 * invariant is not exercised, with the reason: never passed without a run. The kata's other
 * invariants skip these scenarios ({@link #outside}), so a violation is reported once, here.
 */
public final class ThroughPooler implements Invariant {
    private final List<Invariant> invariants;
    private final Set<String> scenarios;

    public ThroughPooler(List<Invariant> invariants, Set<String> scenarios) {
        this.invariants = List.copyOf(invariants);
        this.scenarios = Set.copyOf(scenarios);
    }

    @Override
    public String name() {
        return "holds-through-pooler";
    }

    @Override
    public String description() {
        return "the same invariants hold when the workers go through " + Pooler.NAME;
    }

    @Override
    public InvariantResult check(History history) {
        List<String> notRun = scenarios.stream().sorted()
                .flatMap(s -> Pooler.notRun(history, s).map(why -> s + " was not run, because " + why).stream())
                .toList();
        History pooled = history.scenarios(scenarios::contains);
        if (!notRun.isEmpty() || pooled.ops().isEmpty()) {
            return notExercised(notRun.isEmpty() ? "no operation was recorded through " + Pooler.NAME
                    : String.join("; ", notRun));
        }
        Verdict verdict = Verdict.PASS;
        List<Evidence> evidence = new ArrayList<>();
        Pooler.sessionLocks(pooled).forEach(s -> evidence.add(Evidence.inScenario(s.scenario(), "Through "
                + Pooler.NAME + ", after "
                + s.after() + " returned, server session " + s.pid() + " still held " + s.locks() + " advisory lock"
                + (s.locks() == 1 ? "" : "s") + " between transactions: session state, which the pooler gives to "
                + "whichever client's transaction comes next (" + s.scenario() + ")")));
        for (Invariant invariant : invariants) {
            InvariantResult result = invariant.checkSafely(pooled);
            if (result.verdict() == Verdict.FAIL || result.verdict() == Verdict.UNKNOWN) {
                verdict = verdict.and(result.verdict());
                result.evidence().forEach(e -> evidence.add(new Evidence("Through " + Pooler.NAME + ", "
                        + invariant.name() + ": " + e.text(), e.opIds(), e.contextIds(), e.scenario())));
            }
        }
        if (verdict == Verdict.PASS) {
            return pass();
        }
        return new InvariantResult(name(), description(), verdict, evidence);
    }

    /** {@code invariant} judged over every scenario but the pooled ones. */
    public static Invariant outside(Set<String> scenarios, Invariant invariant) {
        Set<String> pooled = Set.copyOf(scenarios);
        return new Invariant() {
            @Override
            public String name() {
                return invariant.name();
            }

            @Override
            public String description() {
                return invariant.description();
            }

            @Override
            public InvariantResult check(History history) {
                return invariant.check(history.scenarios(s -> !pooled.contains(s)));
            }
        };
    }
}
